import { OEM_PLAN_STATUSES, oemPlansApi, type OemPlan, type OemPlanStatus } from '@linq/contract';
import { Alert, Flex, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { endpointQuery, invalidateEndpoints, useEndpointMutation } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { Link } from '../../../app/navigation.tsx';
import { CreateButton, ListSearch, RowActions } from '../../../components/ListParts.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable, useResourceList } from '../../../components/ResourceTable.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { yen } from './PlanPrice.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/oem-plans.ts';

const FILTERS = ['q', 'status'] as const;

const parseStatus = (value: string | undefined): OemPlanStatus | undefined =>
  OEM_PLAN_STATUSES.find((status) => status === value);

export function PlanStatusTag({ status }: { status: OemPlanStatus }) {
  const { t } = useTranslation();
  return <Tag color={status === 'active' ? 'success' : 'default'}>{t(`oemPlans.statuses.${status}`)}</Tag>;
}

export default function OemPlansListPage() {
  const { t } = useTranslation();
  const oemId = useActingOem();
  const plans = useResourceList(FILTERS, ({ page, limit, filters }) =>
    endpointQuery(oemPlansApi.list, {
      query: { page, limit, oem_id: oemId, q: filters.q, status: parseStatus(filters.status) },
    }),
  );
  const { filters, update } = plans;
  const remove = useEndpointMutation(oemPlansApi.remove);

  // A plan accounts use is retired rather than deleted: the server's message says which happened.
  const removePlan = async (id: number) => {
    const { data } = await remove.mutateAsync({ params: { id }, query: { oem_id: oemId } });
    feedback.notifySuccess(data.message);
    await invalidateEndpoints(oemPlansApi.list, oemPlansApi.get);
    plans.afterRemove();
  };

  const columns: ColumnsType<OemPlan> = [
    {
      title: t('oemPlans.name'),
      key: 'name',
      render: (_, plan) => (
        <Link to={`${LIST_PATH}/edit/${plan.id}`} data-testid={`plan-link-${plan.id}`}>
          {plan.name}
        </Link>
      ),
    },
    {
      title: t('oemPlans.monthlyPrice'),
      key: 'price',
      align: 'right',
      render: (_, plan) => (
        <Flex vertical align="flex-end">
          <span data-testid={`plan-price-${plan.id}`}>
            {t('oemPlans.perMonth', { amount: yen(plan.price.excluding_tax) })}
          </span>
          <span style={{ fontSize: 12, opacity: 0.65 }}>
            {t('oemPlans.priceIncludingTax')} {t('oemPlans.yen', { amount: yen(plan.price.including_tax) })}
          </span>
        </Flex>
      ),
    },
    {
      title: t('oemPlans.limits'),
      key: 'limits',
      responsive: ['md'],
      render: (_, plan) => (
        <Flex vertical>
          <span>
            {t('oemPlans.maxChannels')}: {yen(plan.max_channels)}
          </span>
          <span>
            {t('oemPlans.maxStaffUsers')}: {yen(plan.max_staff_users)}
          </span>
          <span>
            {t('oemPlans.maxMonthlyMessages')}: {yen(plan.max_monthly_messages)}
          </span>
        </Flex>
      ),
    },
    {
      title: t('oemPlans.features'),
      key: 'features',
      responsive: ['lg'],
      render: (_, plan) => (
        <Space size={4} wrap>
          {(['rich_menu_rules', 'forms', 'inflow_routes'] as const)
            .filter((feature) => plan[feature])
            .map((feature) => (
              <Tag key={feature}>{t(`oemPlans.${camel(feature)}`)}</Tag>
            ))}
        </Space>
      ),
    },
    { title: t('oemPlans.accountCount'), key: 'accounts', align: 'right', render: (_, plan) => plan.account_count },
    { title: t('oemPlans.status'), key: 'status', render: (_, plan) => <PlanStatusTag status={plan.status} /> },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, plan) => (
        <RowActions
          id={plan.id}
          name={plan.name}
          editTo={`${LIST_PATH}/edit/${plan.id}`}
          onDelete={() => removePlan(plan.id)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader extra={<CreateButton to={`${LIST_PATH}/create`} />} />
      <Alert type="info" showIcon title={t('oemPlans.retireHint')} style={{ marginBottom: 16 }} />
      <ResourceTable<OemPlan>
        params={plans}
        list={plans.list}
        columns={columns}
        toolbar={
          <>
            <ListSearch
              value={filters.q}
              placeholder={t('oemPlans.searchPlaceholder')}
              onSearch={(q) => update({ q })}
            />
            <Select
              allowClear
              value={parseStatus(filters.status)}
              placeholder={t('oemPlans.status')}
              onChange={(status?: string) => update({ status })}
              options={OEM_PLAN_STATUSES.map((status) => ({ value: status, label: t(`oemPlans.statuses.${status}`) }))}
              style={{ width: 140 }}
              data-testid="filter-status"
            />
          </>
        }
        rowTestId={(plan) => `plan-row-${plan.id}`}
        emptyText={plans.filtered ? t('oemPlans.noMatch') : t('oemPlans.empty')}
        testId="plans-table"
      />
    </>
  );
}

const FEATURE_KEYS = { rich_menu_rules: 'richMenuRules', forms: 'forms', inflow_routes: 'inflowRoutes' } as const;
const camel = (feature: keyof typeof FEATURE_KEYS) => FEATURE_KEYS[feature];
