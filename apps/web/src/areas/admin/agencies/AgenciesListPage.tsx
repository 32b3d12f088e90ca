import { agenciesApi, TENANT_STATUSES, type Agency, type TenantStatus } from '@linq/contract';
import { Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { Link } from '../../../app/navigation.tsx';
import { CreateButton, ListSearch, RowActions } from '../../../components/ListParts.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable, useResourceList } from '../../../components/ResourceTable.tsx';
import { useRemoveRecord } from '../../../components/useRemoveRecord.ts';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { TenantStatusTag } from './StatusTag.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/agencies.ts';

const FILTERS = ['q', 'status'] as const;

export const parseTenantStatus = (value: string | undefined): TenantStatus | undefined =>
  TENANT_STATUSES.find((status) => status === value);

export default function AgenciesListPage() {
  const { t } = useTranslation();
  const oemId = useActingOem();
  const agencies = useResourceList(FILTERS, ({ page, limit, filters }) =>
    endpointQuery(agenciesApi.list, {
      query: { page, limit, oem_id: oemId, q: filters.q, status: parseTenantStatus(filters.status) },
    }),
  );
  const { filters, update } = agencies;
  const removeAgency = useRemoveRecord(agenciesApi, [agenciesApi.options], { oem_id: oemId });

  const columns: ColumnsType<Agency> = [
    {
      title: t('agencies.name'),
      key: 'name',
      render: (_, agency) => (
        <Link to={`${LIST_PATH}/${agency.id}`} data-testid={`agency-link-${agency.id}`}>
          {agency.name}
        </Link>
      ),
    },
    {
      title: t('agencies.contactName'),
      key: 'contact',
      responsive: ['md'],
      render: (_, agency) => agency.contact_name || '-',
    },
    {
      title: t('agencies.contactEmail'),
      key: 'contact_email',
      responsive: ['lg'],
      render: (_, agency) => agency.contact_email || '-',
    },
    { title: t('agencies.accountCount'), key: 'accounts', align: 'right', render: (_, agency) => agency.account_count },
    {
      title: t('agencies.userCount'),
      key: 'users',
      align: 'right',
      responsive: ['sm'],
      render: (_, agency) => agency.user_count,
    },
    { title: t('agencies.status'), key: 'status', render: (_, agency) => <TenantStatusTag status={agency.status} /> },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, agency) => (
        <RowActions
          id={agency.id}
          name={agency.name}
          editTo={`${LIST_PATH}/${agency.id}/edit`}
          onDelete={() => removeAgency(agency.id, agencies.afterRemove)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader extra={<CreateButton to={`${LIST_PATH}/create`} />} />
      <ResourceTable<Agency>
        params={agencies}
        list={agencies.list}
        columns={columns}
        toolbar={
          <>
            <ListSearch
              value={filters.q}
              placeholder={t('agencies.searchPlaceholder')}
              onSearch={(q) => update({ q })}
            />
            <Select
              allowClear
              value={parseTenantStatus(filters.status)}
              placeholder={t('agencies.status')}
              onChange={(status?: string) => update({ status })}
              options={TENANT_STATUSES.map((status) => ({ value: status, label: t(`agencies.statuses.${status}`) }))}
              style={{ width: 140 }}
              data-testid="filter-status"
            />
          </>
        }
        rowTestId={(agency) => `agency-row-${agency.id}`}
        emptyText={agencies.filtered ? t('agencies.noMatch') : t('agencies.empty')}
        testId="agencies-table"
      />
    </>
  );
}
