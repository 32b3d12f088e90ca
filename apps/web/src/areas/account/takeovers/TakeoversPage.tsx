import { UploadOutlined } from '@ant-design/icons';
import {
  IMPORT_PRESETS,
  lineAccountsApi,
  presetMapping,
  takeoversApi,
  type FriendImport,
  type ImportMapping,
  type ImportPreset,
  type ImportPreview,
  type ImportUpload,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Progress,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, uploadFile } from '../../../app/api/call.ts';
import { download, saveBlob } from '../../../app/api/download.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { formatDateTime } from '../../../components/format.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { CutoverPanel } from './CutoverPanel.tsx';
import { ExportPanel } from './ExportPanel.tsx';
import '../../../app/i18n/parts/takeovers.ts';

const POLL_MS = 1_000;
type ColumnKey =
  'line_user_id' | 'tool_id' | 'display_name' | 'followed_at' | 'blocked' | 'score' | 'tags_column' | 'marks_column';
const SINGLE_COLUMNS: ColumnKey[] = [
  'line_user_id',
  'tool_id',
  'display_name',
  'followed_at',
  'blocked',
  'score',
  'tags_column',
  'marks_column',
];

/** The mapping step: one select per field, the per-tag columns and the info fields among the file's headers. */
function MappingForm({
  upload,
  mapping,
  onChange,
}: {
  upload: ImportUpload;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}) {
  const { t } = useTranslation();
  const options = upload.headers.map((header) => ({ value: header, label: header }));
  return (
    <Form layout="vertical" data-testid="import-mapping">
      <Space wrap align="end">
        <Form.Item label={t('takeovers.preset')}>
          <Select
            style={{ width: 200 }}
            value={mapping.preset}
            data-testid="import-preset"
            options={IMPORT_PRESETS.map((preset) => ({ value: preset, label: t(`takeovers.presets.${preset}`) }))}
            onChange={(preset: ImportPreset) => onChange(presetMapping(preset, upload.headers, upload.sample))}
          />
        </Form.Item>
        {upload.saved && (
          <Form.Item>
            <Button onClick={() => onChange(upload.saved!)} data-testid="import-use-saved">
              {t('takeovers.useSaved')}
            </Button>
          </Form.Item>
        )}
      </Space>
      <Flex wrap gap={16}>
        {SINGLE_COLUMNS.map((key) => (
          <Form.Item key={key} label={t(`takeovers.fields.${key}`)} style={{ width: 260 }}>
            <Select
              allowClear
              placeholder={t('takeovers.none')}
              value={mapping[key] ?? undefined}
              options={options}
              data-testid={`import-field-${key}`}
              onChange={(value: string | undefined) => onChange({ ...mapping, [key]: value ?? null })}
            />
          </Form.Item>
        ))}
        <Form.Item label={t('takeovers.fields.tag_delimiter')} style={{ width: 120 }}>
          <Input
            maxLength={3}
            value={mapping.tag_delimiter}
            onChange={(event) => onChange({ ...mapping, tag_delimiter: event.target.value || ',' })}
          />
        </Form.Item>
      </Flex>
      <Typography.Paragraph type="secondary">{t('takeovers.idHint')}</Typography.Paragraph>
      <Form.Item label={t('takeovers.fields.tag_columns')}>
        <Select
          mode="multiple"
          value={mapping.tag_columns}
          options={options}
          data-testid="import-field-tag_columns"
          onChange={(tagColumns: string[]) => onChange({ ...mapping, tag_columns: tagColumns })}
        />
      </Form.Item>
      <Form.Item label={t('takeovers.fields.info_fields')}>
        <Select
          mode="multiple"
          value={mapping.info_fields.map((field) => field.column)}
          options={options}
          data-testid="import-field-info_fields"
          onChange={(columns: string[]) =>
            onChange({ ...mapping, info_fields: columns.map((column) => ({ column, name: column.slice(0, 50) })) })
          }
        />
      </Form.Item>
      <Typography.Text strong>{t('takeovers.sample')}</Typography.Text>
      <Table
        size="small"
        pagination={false}
        scroll={{ x: true }}
        rowKey={(_, index) => String(index)}
        dataSource={upload.sample.map((row) => ({ row }))}
        columns={upload.headers.map((header, index) => ({
          key: `${index}`,
          title: header,
          render: (_: unknown, { row }: { row: string[] }) => row[index] ?? '',
        }))}
      />
    </Form>
  );
}

/** The dry run's answer: the counts, what labels and fields it touches, the first rows and every row error. */
function PreviewView({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  const labels = [
    ...preview.tags.map((item) => ({ ...item, kind: 'tag' as const })),
    ...preview.marks.map((item) => ({ ...item, kind: 'mark' as const })),
    ...preview.fields.map((item) => ({ ...item, kind: 'field' as const })),
  ];
  return (
    <Flex vertical gap={16} data-testid="import-preview">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('takeovers.preview')}
      </Typography.Title>
      <Space size="large" wrap>
        <Statistic title={t('takeovers.totalRows')} value={preview.total_rows} />
        <Statistic title={t('takeovers.create')} value={preview.create} data-testid="preview-create" />
        <Statistic title={t('takeovers.update')} value={preview.update} data-testid="preview-update" />
        <Statistic title={t('takeovers.unchanged')} value={preview.unchanged} />
        <Statistic title={t('takeovers.errors')} value={preview.errors} data-testid="preview-errors" />
      </Space>
      {labels.length > 0 && (
        <Table
          size="small"
          pagination={false}
          title={() => t('takeovers.labelsTitle')}
          rowKey={(item) => `${item.kind}-${item.name}`}
          dataSource={labels}
          data-testid="preview-labels"
          columns={[
            { key: 'kind', title: t('takeovers.kind'), render: (_, item) => t(`takeovers.kinds.${item.kind}`) },
            { key: 'name', title: t('takeovers.name'), dataIndex: 'name' },
            { key: 'friends', title: t('takeovers.friendsCount'), dataIndex: 'friends' },
            {
              key: 'new',
              title: t('takeovers.isNew'),
              render: (_, item) => (item.new ? <Tag color="blue">{t('takeovers.isNew')}</Tag> : null),
            },
          ]}
        />
      )}
      <Table
        size="small"
        pagination={false}
        scroll={{ x: true }}
        title={() => t('takeovers.firstRows')}
        rowKey="line"
        dataSource={preview.rows}
        columns={[
          { key: 'line', title: t('takeovers.line'), dataIndex: 'line' },
          { key: 'outcome', title: t('takeovers.outcome'), render: (_, row) => t(`takeovers.outcomes.${row.outcome}`) },
          { key: 'name', title: t('takeovers.fields.display_name'), dataIndex: 'display_name' },
          {
            key: 'followed',
            title: t('takeovers.fields.followed_at'),
            render: (_, row) => formatDateTime(row.followed_at),
          },
          { key: 'score', title: t('takeovers.fields.score'), dataIndex: 'score' },
          { key: 'tags', title: t('takeovers.kinds.tag'), render: (_, row) => row.tags.join(', ') },
          { key: 'marks', title: t('takeovers.kinds.mark'), render: (_, row) => row.marks.join(', ') },
          {
            key: 'fields',
            title: t('takeovers.kinds.field'),
            render: (_, row) => row.fields.map((field) => `${field.name}: ${field.value}`).join(' / '),
          },
        ]}
      />
      <Table
        size="small"
        title={() => t('takeovers.rowErrors')}
        rowKey="line"
        dataSource={preview.row_errors}
        locale={{ emptyText: t('takeovers.noErrors') }}
        data-testid="preview-row-errors"
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { key: 'line', title: t('takeovers.line'), dataIndex: 'line', width: 80 },
          { key: 'message', title: t('takeovers.message'), dataIndex: 'message' },
        ]}
      />
    </Flex>
  );
}

/** The channel's imports with their progress (polled while one runs), report and undo. */
function History({ lineAccountId }: { lineAccountId: number }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const imports = useQuery({
    ...endpointQuery(takeoversApi.list, { query: { line_account_id: lineAccountId } }),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.data.some((item) => item.status === 'queued' || item.status === 'running') ? POLL_MS : false,
  });
  if (imports.isPending) return <Card loading />;
  if (imports.isError)
    return <LoadState error={imports.error} backTo="/account" onRetry={() => void imports.refetch()} />;

  const report = async (item: FriendImport) => {
    const { blob, filename } = await download(takeoversApi.report, { params: { id: item.id } });
    saveBlob(blob, filename ?? `friend-import-${item.id}-report.csv`);
  };
  const undo = (item: FriendImport) => {
    modal.confirm({
      title: t('takeovers.undoConfirmTitle'),
      content: t('takeovers.undoConfirmBody'),
      okText: t('takeovers.undo'),
      okButtonProps: { danger: true, 'data-testid': 'import-undo-confirm' },
      onOk: async () => {
        await call(takeoversApi.undo, { params: { id: item.id } });
        void message.success(t('takeovers.undone'));
        await invalidateEndpoints(takeoversApi.list);
      },
    });
  };

  return (
    <Table
      rowKey="id"
      dataSource={imports.data.data.filter((item) => item.status !== 'uploaded')}
      locale={{ emptyText: <Empty description={t('takeovers.noHistory')} /> }}
      pagination={false}
      data-testid="import-history"
      columns={[
        { key: 'date', title: t('takeovers.createdAt'), render: (_, item) => formatDateTime(item.created_at) },
        { key: 'file', title: t('takeovers.file'), dataIndex: 'file_name' },
        {
          key: 'status',
          title: t('takeovers.status'),
          render: (_, item) => (
            <span data-testid={`import-status-${item.id}`}>{t(`takeovers.statuses.${item.status}`)}</span>
          ),
        },
        {
          key: 'progress',
          title: t('takeovers.progress'),
          render: (_, item) => (
            <Flex vertical gap={2} style={{ minWidth: 220 }}>
              <Progress
                data-testid={`import-progress-${item.id}`}
                percent={
                  item.total_rows
                    ? Math.floor((item.processed_rows / item.total_rows) * 100)
                    : item.status === 'completed'
                      ? 100
                      : 0
                }
                status={item.status === 'failed' ? 'exception' : undefined}
                size="small"
              />
              <Typography.Text type="secondary">{t('takeovers.counts', item)}</Typography.Text>
              {item.waiting > 0 && item.status === 'completed' && (
                <Typography.Text type="secondary" title={t('takeovers.waitingHint')}>
                  {t('takeovers.waiting', { count: item.waiting })}
                </Typography.Text>
              )}
            </Flex>
          ),
        },
        {
          key: 'actions',
          title: '',
          render: (_, item) => (
            <Space>
              {(item.status === 'completed' || item.status === 'undone') && (
                <Button size="small" onClick={() => void report(item)} data-testid={`import-report-${item.id}`}>
                  {t('takeovers.report')}
                </Button>
              )}
              {item.can_undo && (
                <Button size="small" danger onClick={() => undo(item)} data-testid={`import-undo-${item.id}`}>
                  {t('takeovers.undo')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}

/** Upload, mapping, dry run and run of one channel's friends CSV. */
function ImportPanel({ lineAccountId }: { lineAccountId: number }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setUpload(null);
    setMapping(null);
    setPreview(null);
  }, [lineAccountId]);

  const choose = async (file: File) => {
    setBusy(true);
    try {
      const uploaded = (await uploadFile(takeoversApi.upload, { query: { line_account_id: lineAccountId } }, file))
        .data;
      setUpload(uploaded);
      setMapping(uploaded.saved ?? uploaded.suggested);
      setPreview(null);
    } finally {
      setBusy(false);
    }
  };
  const changeMapping = (next: ImportMapping) => {
    setMapping(next);
    setPreview(null);
  };
  const dryRun = async () => {
    if (!upload || !mapping) return;
    setBusy(true);
    try {
      setPreview((await call(takeoversApi.dryRun, { params: { id: upload.import.id }, body: mapping })).data);
    } finally {
      setBusy(false);
    }
  };
  const run = () => {
    if (!upload || !mapping || !preview) return;
    modal.confirm({
      title: t('takeovers.runConfirmTitle'),
      content: t('takeovers.runConfirmBody', { create: preview.create, update: preview.update }),
      okText: t('takeovers.run'),
      okButtonProps: { 'data-testid': 'import-run-confirm' },
      onOk: async () => {
        await call(takeoversApi.run, { params: { id: upload.import.id }, body: mapping });
        void message.success(t('takeovers.started'));
        setUpload(null);
        setMapping(null);
        setPreview(null);
        await invalidateEndpoints(takeoversApi.list);
      },
    });
  };

  return (
    <Flex vertical gap={16}>
      <Upload
        accept=".csv,text/csv"
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy && !upload} data-testid="import-choose-file">
          {t('takeovers.chooseFile')}
        </Button>
      </Upload>
      {upload && mapping && (
        <>
          <Space wrap>
            <Typography.Text>
              {t('takeovers.file')}: <span data-testid="import-file-name">{upload.import.file_name}</span>
            </Typography.Text>
            <Typography.Text>
              {t('takeovers.encoding')}:{' '}
              <span data-testid="import-encoding">{t(`takeovers.encodings.${upload.import.encoding}`)}</span>
            </Typography.Text>
          </Space>
          <MappingForm upload={upload} mapping={mapping} onChange={changeMapping} />
          <Space wrap>
            <Button onClick={() => void dryRun()} loading={busy} data-testid="import-dry-run">
              {t('takeovers.dryRun')}
            </Button>
            <Button type="primary" disabled={!preview || busy} onClick={run} data-testid="import-run">
              {t('takeovers.run')}
            </Button>
            <Typography.Text type="secondary">{t('takeovers.dryRunHint')}</Typography.Text>
          </Space>
          {preview && <PreviewView preview={preview} />}
        </>
      )}
    </Flex>
  );
}

/**
 * Takeovers (/account/takeovers, 引き継ぎ): friends imported from another tool's CSV into one of the
 * account's channels, with the channel's import history; below, the clean cutover and the full export.
 */
export default function TakeoversPage() {
  const { t } = useTranslation();
  const channels = useQuery(endpointQuery(lineAccountsApi.list, {}));
  const [lineAccountId, setLineAccountId] = useState<number | null>(null);
  const first = channels.data?.data[0]?.id ?? null;
  const chosen = lineAccountId ?? first;

  return (
    <>
      <PageHeader />
      {channels.isError && (
        <LoadState error={channels.error} backTo="/account" onRetry={() => void channels.refetch()} />
      )}
      <Flex vertical gap={16}>
        <Card title={t('takeovers.importTitle')} loading={channels.isPending} data-testid="takeovers-import">
          <Flex vertical gap={16}>
            <Alert type="info" showIcon message={t('takeovers.importIntro')} />
            <Form.Item label={t('takeovers.channel')} style={{ marginBottom: 0 }}>
              <Select
                style={{ width: 320 }}
                value={chosen ?? undefined}
                data-testid="import-channel"
                options={(channels.data?.data ?? []).map((channel) => ({ value: channel.id, label: channel.name }))}
                onChange={(value: number) => setLineAccountId(value)}
              />
            </Form.Item>
            {chosen !== null && <ImportPanel key={chosen} lineAccountId={chosen} />}
          </Flex>
        </Card>
        {chosen !== null && (
          <Card title={t('takeovers.history')}>
            <History lineAccountId={chosen} />
          </Card>
        )}
        {/* Keyed by the channel chosen above, which they preselect: choosing another there follows here. */}
        <CutoverPanel key={`cutover-${chosen}`} lineAccountId={chosen ?? undefined} />
        <ExportPanel key={`export-${chosen}`} lineAccountId={chosen ?? undefined} />
      </Flex>
    </>
  );
}
