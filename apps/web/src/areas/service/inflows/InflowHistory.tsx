import type { InflowHistoryEntry } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Result, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { formatDateTime } from '../../../components/format.ts';
import { historyQuery } from './useInflows.ts';
import '../../../app/i18n/parts/inflows.ts';

function EntryText({ entry }: { entry: InflowHistoryEntry }) {
  const { t } = useTranslation();
  const who = entry.actor_name ?? t('inflows.history.system');
  return (
    <div data-testid={`inflow-history-${entry.id}`}>
      <Typography.Text>{t(`inflows.history.kinds.${entry.kind}`, { who })}</Typography.Text>
      {entry.kind === 'updated' && entry.changed_fields.length > 0 && (
        <div style={{ marginTop: 4 }}>
          {entry.changed_fields.map((field) => (
            <Tag key={field}>{t(`inflows.history.fields.${field}`)}</Tag>
          ))}
        </div>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {formatDateTime(entry.created_at)}
      </Typography.Text>
    </div>
  );
}

/** Who changed the route's settings, when, and what (newest first). */
export function InflowHistory({ routeId }: { routeId: number }) {
  const { t } = useTranslation();
  const history = useQuery(historyQuery(routeId));
  if (history.isError) {
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => void history.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (!history.data) return <Spin delay={SPINNER_DELAY_MS} />;
  const entries = history.data.data;
  if (entries.length === 0) return <Empty description={t('inflows.history.empty')} />;
  return (
    <Timeline
      items={entries.map((entry) => ({ key: entry.id, children: <EntryText entry={entry} /> }))}
      data-testid="inflow-history"
    />
  );
}
