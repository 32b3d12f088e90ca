import { agencyAccountsApi, TENANT_STATUSES, type AgencyAccount, type TenantStatus } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { Link } from '../../../app/navigation.tsx';
import { CreateButton, ListSearch } from '../../../components/ListParts.tsx';
import { recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable, useResourceList } from '../../../components/ResourceTable.tsx';
import { AccountStatusTag } from './StatusTag.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/agency-accounts.ts';

const FILTERS = ['q', 'status', 'oem_plan_id'] as const;

const parseStatus = (value: string | undefined): TenantStatus | undefined =>
  TENANT_STATUSES.find((status) => status === value);

export default function AccountsListPage() {
  const { t } = useTranslation();
  const accounts = useResourceList(FILTERS, ({ page, limit, filters }) =>
    endpointQuery(agencyAccountsApi.list, {
      query: {
        page,
        limit,
        q: filters.q,
        status: parseStatus(filters.status),
        oem_plan_id: recordId(filters.oem_plan_id),
      },
    }),
  );
  const { filters, update } = accounts;
  const plans = useQuery(endpointQuery(agencyAccountsApi.plans, {}));

  const columns: ColumnsType<AgencyAccount> = [
    {
      title: t('agencyAccounts.name'),
      key: 'name',
      render: (_, account) => (
        <Link to={`${LIST_PATH}/${account.id}`} data-testid={`account-link-${account.id}`}>
          {account.name}
        </Link>
      ),
    },
    {
      title: t('agencyAccounts.owner'),
      key: 'owner',
      responsive: ['md'],
      render: (_, account) =>
        account.owner ? (
          <Space size={4} wrap>
            <span>{account.owner.name}</span>
            {account.owner.invited && <Tag color="processing">{t('agencyAccounts.ownerInvited')}</Tag>}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('agencyAccounts.plan'),
      key: 'plan',
      responsive: ['sm'],
      render: (_, account) => account.plan?.name ?? t('agencyAccounts.noPlan'),
    },
    {
      title: t('agencyAccounts.channelCount'),
      key: 'channels',
      responsive: ['lg'],
      render: (_, account) => account.channel_count,
    },
    {
      title: t('agencyAccounts.status'),
      key: 'status',
      render: (_, account) => <AccountStatusTag status={account.status} testId={`account-status-${account.id}`} />,
    },
  ];

  return (
    <>
      <PageHeader extra={<CreateButton to={`${LIST_PATH}/create`} />} />
      <ResourceTable<AgencyAccount>
        params={accounts}
        list={accounts.list}
        columns={columns}
        toolbar={
          <>
            <ListSearch
              value={filters.q}
              placeholder={t('agencyAccounts.searchPlaceholder')}
              onSearch={(q) => update({ q })}
            />
            <Select
              allowClear
              value={recordId(filters.oem_plan_id)}
              placeholder={t('agencyAccounts.plan')}
              onChange={(id?: number) => update({ oem_plan_id: id })}
              options={plans.data?.data.map((plan) => ({ value: plan.id, label: plan.name }))}
              style={{ width: 180 }}
              data-testid="filter-plan"
            />
            <Select
              allowClear
              value={parseStatus(filters.status)}
              placeholder={t('agencyAccounts.status')}
              onChange={(status?: string) => update({ status })}
              options={TENANT_STATUSES.map((status) => ({
                value: status,
                label: t(`agencyAccounts.statuses.${status}`),
              }))}
              style={{ width: 140 }}
              data-testid="filter-status"
            />
          </>
        }
        rowTestId={(account) => `account-row-${account.id}`}
        emptyText={accounts.filtered ? t('agencyAccounts.noMatch') : t('agencyAccounts.empty')}
        testId="accounts-table"
      />
    </>
  );
}
