import type { PlanHistoryItem } from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../components/format.ts';
import { testId } from '../../../../components/test-id.ts';
import { PLAN_HISTORY_PAGE_SIZE, planHistoryQuery } from '../usePlans.ts';
import { historyText } from './history-text.ts';
import '../../../../app/i18n/parts/plans.ts';

/**
 * The plan's history in the editor: who changed what and when, and how many friends each change
 * moved (saves, activation, and the engine's rescheduling, removed boxes and reactivation), newest first.
 */
export function PlanHistoryPanel({ planId }: { planId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useQuery({ ...planHistoryQuery(planId, page), placeholderData: keepPreviousData });
  if (history.isError) return <Alert type="error" showIcon title={t('plans.history.loadFailed')} />;
  return (
    <Table<PlanHistoryItem>
      size="small"
      rowKey="id"
      loading={history.isFetching && !history.data}
      dataSource={history.data?.data ?? []}
      locale={{ emptyText: t('plans.history.empty') }}
      pagination={{
        current: page,
        pageSize: PLAN_HISTORY_PAGE_SIZE,
        total: history.data?.total_item_count ?? 0,
        onChange: setPage,
        hideOnSinglePage: true,
        showSizeChanger: false,
      }}
      onRow={(row) => testId(`history-row-${row.id}`)}
      data-testid="plan-history"
      columns={[
        {
          title: t('plans.history.when'),
          key: 'when',
          width: 150,
          render: (_, row) => formatDateTime(row.created_at),
        },
        {
          title: t('plans.history.what'),
          key: 'what',
          render: (_, row) => (
            <>
              <Tag data-testid="history-kind">{t(`plans.history.kinds.${row.kind}`)}</Tag>
              <Typography.Text data-testid="history-summary">
                {historyText(row, (key, values) => t(`plans.history.texts.${key}`, { defaultValue: '', ...values }))}
              </Typography.Text>
            </>
          ),
        },
        {
          title: t('plans.history.who'),
          key: 'who',
          render: (_, row) => row.user_name ?? t('plans.history.system'),
        },
        {
          title: t('plans.history.affected'),
          key: 'affected',
          align: 'right',
          render: (_, row) => t('plans.people', { count: row.affected_count }),
        },
      ]}
    />
  );
}
