import { adminAccountsApi, agenciesApi, oemPlansApi, TENANT_STATUSES, type AdminAccount } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { Link } from '../../../app/navigation.tsx';
import { CreateButton, ListSearch } from '../../../components/ListParts.tsx';
import { recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable, useResourceList } from '../../../components/ResourceTable.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { UserStateTag } from '../agencies/AgencyUsers.tsx';
import { parseTenantStatus } from '../agencies/AgenciesListPage.tsx';
import { TenantStatusTag } from '../agencies/StatusTag.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/admin-accounts.ts';

const FILTERS = ['q', 'status', 'agency_id', 'oem_plan_id'] as const;
const ALL = 1000;

export default function AccountsListPage() {
  const { t } = useTranslation();
  const oemId = useActingOem();
  const accounts = useResourceList(FILTERS, ({ page, limit, filters }) =>
    endpointQuery(adminAccountsApi.list, {
      query: {
        page,
        limit,
        oem_id: oemId,
        q: filters.q,
        status: parseTenantStatus(filters.status),
        agency_id: recordId(filters.agency_id),
        oem_plan_id: recordId(filters.oem_plan_id),
      },
    }),
  );
  const { filters, update } = accounts;
  const agencies = useQuery(endpointQuery(agenciesApi.options, { query: { oem_id: oemId } }));
  const plans = useQuery(endpointQuery(oemPlansApi.list, { query: { oem_id: oemId, page: 1, limit: ALL } }));

  const columns: ColumnsType<AdminAccount> = [
    {
      title: t('adminAccounts.name'),
      key: 'name',
      render: (_, account) => (
        <Link to={`${LIST_PATH}/${account.id}`} data-testid={`account-link-${account.id}`}>
          {account.name}
        </Link>
      ),
    },
    {
      title: t('adminAccounts.owner'),
      key: 'owner',
      responsive: ['md'],
      render: (_, account) =>
        account.owner ? (
          <Space size={4} wrap>
            <span>{account.owner.name}</span>
            {account.owner.invited && <UserStateTag user={account.owner} />}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('adminAccounts.agency'),
      key: 'agency',
      responsive: ['lg'],
      render: (_, account) => account.agency?.name ?? '-',
    },
    {
      title: t('adminAccounts.plan'),
      key: 'plan',
      responsive: ['sm'],
      render: (_, account) => account.plan?.name ?? '-',
    },
    {
      title: t('adminAccounts.channelCount'),
      key: 'channels',
      align: 'right',
      responsive: ['md'],
      render: (_, account) => account.channel_count,
    },
    {
      title: t('adminAccounts.staffCount'),
      key: 'staff',
      align: 'right',
      responsive: ['lg'],
      render: (_, account) => account.staff_count,
    },
    {
      title: t('adminAccounts.status'),
      key: 'status',
      render: (_, account) => <TenantStatusTag status={account.status} testIdValue={`account-status-${account.id}`} />,
    },
  ];

  return (
    <>
      <PageHeader extra={<CreateButton to={`${LIST_PATH}/create`} />} />
      <ResourceTable<AdminAccount>
        params={accounts}
        list={accounts.list}
        columns={columns}
        toolbar={
          <>
            <ListSearch
              value={filters.q}
              placeholder={t('adminAccounts.searchPlaceholder')}
              onSearch={(q) => update({ q })}
            />
            <Select
              allowClear
              value={parseTenantStatus(filters.status)}
              placeholder={t('adminAccounts.status')}
              onChange={(status?: string) => update({ status })}
              options={TENANT_STATUSES.map((status) => ({
                value: status,
                label: t(`adminAccounts.statuses.${status}`),
              }))}
              style={{ width: 140 }}
              data-testid="filter-status"
            />
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={recordId(filters.agency_id)}
              placeholder={t('adminAccounts.agency')}
              onChange={(id?: number) => update({ agency_id: id })}
              options={agencies.data?.data.map((agency) => ({ value: agency.id, label: agency.name }))}
              style={{ width: 200 }}
              data-testid="filter-agency"
            />
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={recordId(filters.oem_plan_id)}
              placeholder={t('adminAccounts.plan')}
              onChange={(id?: number) => update({ oem_plan_id: id })}
              options={plans.data?.data.map((plan) => ({ value: plan.id, label: plan.name }))}
              style={{ width: 200 }}
              data-testid="filter-plan"
            />
          </>
        }
        rowTestId={(account) => `account-row-${account.id}`}
        emptyText={accounts.filtered ? t('adminAccounts.noMatch') : t('adminAccounts.empty')}
        testId="accounts-table"
      />
    </>
  );
}
