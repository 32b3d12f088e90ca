import { BarChartOutlined } from '@ant-design/icons';
import type { PlanAnalysisListItem } from '@linq/contract';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../../app/navigation.tsx';
import { formatDateTime } from '../../../../components/format.ts';
import { PageHeader } from '../../../../components/PageHeader.tsx';
import { ResourceTable } from '../../../../components/ResourceTable.tsx';
import { useListParams } from '../../../../components/useListParams.ts';
import { planAnalysisPath } from '../paths.ts';
import { activeFilterOf, PLAN_LIST_FILTERS, PlanListFilters, planTypeOf } from '../PlanListFilters.tsx';
import { usePlanAnalysisList } from './usePlanAnalysis.ts';
import '../../../../app/i18n/parts/plans.ts';
import '../../../../app/i18n/parts/plan-analysis.ts';

/**
 * /service/plan-analysis: every plan of the channel with its headline figures (friends in it now,
 * messages sent and failed, friends who finished), filtered by name, type and state (in the address).
 */
export default function PlanAnalysisListPage() {
  const { t } = useTranslation();
  const { page, limit, filters, update } = useListParams(PLAN_LIST_FILTERS);
  const planType = planTypeOf(filters.plan_type);
  const isActive = activeFilterOf(filters.is_active);
  const plans = usePlanAnalysisList({ page, limit, q: filters.q, plan_type: planType, is_active: isActive });

  const count = (key: string, text: string) => <span data-testid={key}>{text}</span>;
  const columns: ColumnsType<PlanAnalysisListItem> = [
    {
      title: t('plans.name'),
      key: 'name',
      render: (_, plan) => (
        <Link to={planAnalysisPath(plan.id)} data-testid={`analysis-link-${plan.id}`}>
          <Space size={6}>
            <BarChartOutlined />
            {plan.name}
          </Space>
        </Link>
      ),
    },
    {
      title: t('plans.type'),
      key: 'type',
      render: (_, plan) => <Tag>{t(`plans.types.${plan.plan_type}`)}</Tag>,
    },
    {
      title: t('plans.state'),
      key: 'state',
      render: (_, plan) =>
        plan.is_active ? (
          <Typography.Text type="success">{t('plans.active')}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('plans.inactive')}</Typography.Text>
        ),
    },
    {
      title: t('planAnalysis.enrolled'),
      key: 'enrolled',
      align: 'right',
      render: (_, plan) =>
        count(`analysis-enrolled-${plan.id}`, t('planAnalysis.people', { count: plan.enrolled_count })),
    },
    {
      title: t('planAnalysis.sent'),
      key: 'sent',
      align: 'right',
      render: (_, plan) => count(`analysis-sent-${plan.id}`, t('planAnalysis.messages', { count: plan.sent_count })),
    },
    {
      title: t('planAnalysis.failed'),
      key: 'failed',
      align: 'right',
      render: (_, plan) =>
        count(`analysis-failed-${plan.id}`, t('planAnalysis.messages', { count: plan.failed_count })),
    },
    {
      title: t('planAnalysis.finished'),
      key: 'finished',
      align: 'right',
      render: (_, plan) =>
        count(`analysis-finished-${plan.id}`, t('planAnalysis.people', { count: plan.finished_count })),
    },
    {
      title: t('plans.updatedAt'),
      key: 'updated_at',
      responsive: ['md'],
      render: (_, plan) => formatDateTime(plan.updated_at),
    },
  ];

  const filtered = Boolean(filters.q || planType || isActive);
  return (
    <>
      <PageHeader />
      <ResourceTable<PlanAnalysisListItem>
        params={{ page, limit, update }}
        list={plans}
        columns={columns}
        toolbar={<PlanListFilters filters={filters} update={update} />}
        rowTestId={(plan) => `analysis-row-${plan.id}`}
        emptyText={filtered ? t('planAnalysis.noMatch') : t('planAnalysis.empty')}
        emptyTestId="analysis-empty"
        failedTestId="analysis-load-failed"
        testId="analysis-table"
      />
    </>
  );
}
