import { channelCutoversApi, type ChannelCutover } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery, invalidateEndpoints, useEndpointMutation } from '../../../app/api/queries.ts';
import { formatDateTime } from '../../../components/format.ts';
import { ChannelChoice, useAccountChannels } from './ChannelChoice.tsx';
import '../../../app/i18n/parts/takeovers-export.ts';

/** How often the list is read again while a cutover runs. */
const RUNNING_REFRESH_MS = 1_500;

const STATUS_COLORS: Record<ChannelCutover['status'], string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

const running = (row: ChannelCutover) => row.status === 'queued' || row.status === 'running';

function CutoverResult({ row }: { row: ChannelCutover }) {
  const { t } = useTranslation();
  if (row.status === 'failed') return <Typography.Text type="danger">{row.error}</Typography.Text>;
  if (row.status !== 'done') return null;
  return (
    <span data-testid="cutover-result">
      {t('takeoverCutover.unlinked', { count: row.unlinked_friends ?? 0 })}
      {' / '}
      {row.default_cleared ? t('takeoverCutover.defaultCleared') : t('takeoverCutover.noDefault')}
    </span>
  );
}

/**
 * The clean cutover (takeovers): clears the previous tool's rich menus from a channel on LINE, after
 * a confirmation, and shows what it unlinked. Our own menus are linked again afterwards (the panel
 * says so). `lineAccountId` preselects the channel (the takeovers page's choice).
 */
export function CutoverPanel({ lineAccountId }: { lineAccountId?: number }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [chosen, setChosen] = useState<number | undefined>(lineAccountId);
  const channel = chosen ?? lineAccountId;
  const { channels } = useAccountChannels();
  const cutovers = useQuery({
    ...endpointQuery(channelCutoversApi.list, {}),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.data.some(running) ? RUNNING_REFRESH_MS : false),
  });
  const run = useEndpointMutation(channelCutoversApi.create);

  const confirm = () => {
    if (channel === undefined) return;
    const name = channels.find((item) => item.id === channel)?.name ?? '';
    modal.confirm({
      title: t('takeoverCutover.confirmTitle', { channel: name }),
      content: t('takeoverCutover.confirmBody'),
      okText: t('takeoverCutover.confirmOk'),
      okButtonProps: { danger: true, 'data-testid': 'cutover-confirm-ok' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await run.mutateAsync({ body: { line_account_id: channel } });
        void message.success(t('takeoverCutover.started'));
        await invalidateEndpoints(channelCutoversApi.list);
      },
    });
  };

  const columns: ColumnsType<ChannelCutover> = [
    { title: t('takeoverCutover.channel'), key: 'channel', render: (_, row) => row.line_account_name },
    { title: t('takeoverCutover.createdAt'), key: 'created_at', render: (_, row) => formatDateTime(row.created_at) },
    {
      title: t('takeoverCutover.status'),
      key: 'status',
      render: (_, row) => (
        <Tag color={STATUS_COLORS[row.status]} data-testid="cutover-status">
          {t(`takeoverCutover.statuses.${row.status}`)}
        </Tag>
      ),
    },
    { title: t('takeoverCutover.result'), key: 'result', render: (_, row) => <CutoverResult row={row} /> },
  ];

  return (
    <Card title={t('takeoverCutover.title')} data-testid="cutover-panel">
      <Typography.Paragraph>{t('takeoverCutover.description')}</Typography.Paragraph>
      <Alert type="info" showIcon message={t('takeoverCutover.ownMenus')} style={{ marginBottom: 16 }} />
      <Space wrap style={{ marginBottom: 16 }}>
        <ChannelChoice
          value={channel}
          onChange={setChosen}
          placeholder={t('takeoverCutover.channelPlaceholder')}
          testId="cutover-channel"
        />
        <Button
          danger
          disabled={channel === undefined}
          loading={run.isPending}
          onClick={confirm}
          data-testid="cutover-run"
        >
          {t('takeoverCutover.run')}
        </Button>
      </Space>
      {cutovers.error ? (
        <Alert
          type="error"
          message={t('common.loadFailed')}
          action={<Button onClick={() => void cutovers.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={cutovers.data?.data ?? []}
          loading={cutovers.isPending}
          pagination={false}
          locale={{ emptyText: t('takeoverCutover.empty') }}
          scroll={{ x: true }}
          data-testid="cutover-list"
        />
      )}
    </Card>
  );
}
