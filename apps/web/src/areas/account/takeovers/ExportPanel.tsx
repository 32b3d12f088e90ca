import { DownloadOutlined } from '@ant-design/icons';
import { CHANNEL_EXPORT_RETENTION_DAYS, channelExportsApi, type ChannelExport } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Progress, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, saveBlob } from '../../../app/api/download.ts';
import { endpointQuery, invalidateEndpoints, useEndpointMutation } from '../../../app/api/queries.ts';
import { formatDateTime } from '../../../components/format.ts';
import { ChannelChoice } from './ChannelChoice.tsx';
import '../../../app/i18n/parts/takeovers-export.ts';

/** How often the list is read again while an export is being built. */
const BUILDING_REFRESH_MS = 1_500;

const STATUS_COLORS: Record<ChannelExport['status'], string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  expired: 'default',
};

const building = (row: ChannelExport) => row.status === 'queued' || row.status === 'running';

/** Bytes as people read them (KB and MB of 1,024). */
function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function DownloadButton({ row }: { row: ChannelExport }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await download(channelExportsApi.download, { params: { id: row.id } });
      saveBlob(blob, filename ?? 'channel-export.zip');
    } catch {
      // The request layer has told the user why (an expired file, a lost connection).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void save()} data-testid="export-download">
      {t('takeoverExport.download')}
    </Button>
  );
}

/**
 * The full export of a channel (takeovers): choose a channel, start the export, watch its progress
 * and download the ZIP. `lineAccountId` preselects the channel (the takeovers page's choice).
 */
export function ExportPanel({ lineAccountId }: { lineAccountId?: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<number | undefined>(lineAccountId);
  const channel = chosen ?? lineAccountId;
  const exports = useQuery({
    ...endpointQuery(channelExportsApi.list, {}),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.data.some(building) ? BUILDING_REFRESH_MS : false),
  });
  const create = useEndpointMutation(channelExportsApi.create);
  const start = async () => {
    if (channel === undefined) return;
    await create.mutateAsync({ body: { line_account_id: channel } });
    void message.success(t('takeoverExport.created'));
    await invalidateEndpoints(channelExportsApi.list);
  };

  const columns: ColumnsType<ChannelExport> = [
    { title: t('takeoverExport.channel'), key: 'channel', render: (_, row) => row.line_account_name },
    { title: t('takeoverExport.createdAt'), key: 'created_at', render: (_, row) => formatDateTime(row.created_at) },
    {
      title: t('takeoverExport.status'),
      key: 'status',
      render: (_, row) =>
        building(row) ? (
          <Space direction="vertical" size={0} style={{ minWidth: 140 }}>
            <Tag color={STATUS_COLORS[row.status]}>{t(`takeoverExport.statuses.${row.status}`)}</Tag>
            <Progress percent={row.progress} size="small" data-testid="export-progress" />
          </Space>
        ) : (
          <Tag color={STATUS_COLORS[row.status]} data-testid="export-status">
            {t(`takeoverExport.statuses.${row.status}`)}
          </Tag>
        ),
    },
    { title: t('takeoverExport.size'), key: 'size', responsive: ['sm'], render: (_, row) => formatSize(row.byte_size) },
    {
      title: t('takeoverExport.expiresAt'),
      key: 'expires_at',
      responsive: ['md'],
      render: (_, row) => (row.status === 'done' ? formatDateTime(row.expires_at) : ''),
    },
    {
      title: '',
      key: 'download',
      render: (_, row) => (row.status === 'done' ? <DownloadButton row={row} /> : null),
    },
  ];

  return (
    <Card title={t('takeoverExport.title')} data-testid="export-panel">
      <Typography.Paragraph>{t('takeoverExport.description')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('takeoverExport.ownerOnly', { days: CHANNEL_EXPORT_RETENTION_DAYS })}
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <ChannelChoice
          value={channel}
          onChange={setChosen}
          placeholder={t('takeoverExport.channelPlaceholder')}
          testId="export-channel"
        />
        <Button
          type="primary"
          disabled={channel === undefined}
          loading={create.isPending}
          onClick={() => void start()}
          data-testid="export-create"
        >
          {t('takeoverExport.create')}
        </Button>
      </Space>
      {exports.error ? (
        <Alert
          type="error"
          message={t('common.loadFailed')}
          action={<Button onClick={() => void exports.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={exports.data?.data ?? []}
          loading={exports.isPending}
          pagination={false}
          locale={{ emptyText: t('takeoverExport.empty') }}
          scroll={{ x: true }}
          data-testid="export-list"
        />
      )}
    </Card>
  );
}
