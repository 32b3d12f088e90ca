import { BarChartOutlined } from '@ant-design/icons';
import { PLAN_TYPES, type PlanAnalysisListItem, type PlanType } from '@linq/contract';
import { Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../components/format.ts';
import { ListSearch } from '../../../../components/ListParts.tsx';
import { PageHeader } from '../../../../components/PageHeader.tsx';
import { ResourceTable } from '../../../../components/ResourceTable.tsx';
import { useListParams } from '../../../../components/useListParams.ts';
import { planAnalysisPath } from '../paths.ts';
import { usePlanAnalysisList } from './usePlanAnalysis.ts';
import '../../../../app/i18n/parts/plans.ts';
import '../../../../app/i18n/parts/plan-analysis.ts';

const FILTERS = ['q', 'plan_type', 'is_active'] as const;

const planTypeOf = (value: string | undefined): PlanType | undefined => PLAN_TYPES.find((type) => type === value);
const activeFilterOf = (value: string | undefined) => (value === 'true' || value === 'false' ? value : undefined);

/**
 * /service/plan-analysis: every plan of the channel with its headline figures (friends in it now,
 * messages sent and failed, friends who finished), filtered by name, type and state (in the address).
 */
export default function PlanAnalysisListPage() {
  const { t } = useTranslation();
  const { page, limit, filters, update } = useListParams(FILTERS);
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
        toolbar={
          <Space wrap>
            <ListSearch value={filters.q} placeholder={t('plans.searchPlaceholder')} onSearch={(q) => update({ q })} />
            <Select<PlanType | ''>
              value={planType ?? ''}
              onChange={(value) => update({ plan_type: value || undefined })}
              style={{ width: 160 }}
              options={[
                { value: '', label: t('plans.allTypes') },
                ...PLAN_TYPES.map((type) => ({ value: type, label: t(`plans.types.${type}`) })),
              ]}
              aria-label={t('plans.type')}
              data-testid="filter-plan-type"
            />
            <Select<'' | 'true' | 'false'>
              value={isActive ?? ''}
              onChange={(value) => update({ is_active: value || undefined })}
              style={{ width: 140 }}
              options={[
                { value: '', label: t('plans.allStates') },
                { value: 'true', label: t('plans.active') },
                { value: 'false', label: t('plans.inactive') },
              ]}
              aria-label={t('plans.state')}
              data-testid="filter-plan-active"
            />
          </Space>
        }
        rowTestId={(plan) => `analysis-row-${plan.id}`}
        emptyText={filtered ? t('planAnalysis.noMatch') : t('planAnalysis.empty')}
        emptyTestId="analysis-empty"
        failedTestId="analysis-load-failed"
        testId="analysis-table"
      />
    </>
  );
}
