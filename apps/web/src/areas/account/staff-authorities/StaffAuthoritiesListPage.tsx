import { staffAuthoritiesApi, type StaffAuthority } from '@linq/contract';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { endpointQuery } from '../../../app/api/queries.ts';
import { CreateButton, ListSearch, RowActions } from '../../../components/ListParts.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { levelCounts } from '../../../components/PermissionMatrix.tsx';
import { ResourceTable, useResourceList } from '../../../components/ResourceTable.tsx';
import { useRemoveRecord } from '../../../components/useRemoveRecord.ts';
import '../../../app/i18n/parts/account.ts';

const FILTERS = ['q'] as const;

export default function StaffAuthoritiesListPage() {
  const { t } = useTranslation();
  // Entering the list loads the staff authorities (spec section 2).
  const authorities = useResourceList(FILTERS, ({ page, limit, filters }) =>
    endpointQuery(staffAuthoritiesApi.list, { query: { page, limit, q: filters.q } }),
  );
  const removeAuthority = useRemoveRecord(staffAuthoritiesApi);

  const columns: ColumnsType<StaffAuthority> = [
    {
      title: t('staffAuthorities.name'),
      key: 'name',
      render: (_, authority) => (
        <Link to={`/account/staff_authorities/${authority.id}`} data-testid={`staff-authority-link-${authority.id}`}>
          {authority.name}
        </Link>
      ),
    },
    {
      title: t('staffAuthorities.description'),
      dataIndex: 'description',
      key: 'description',
      responsive: ['md'],
      ellipsis: true,
    },
    {
      title: t('staffAuthorities.permissions'),
      key: 'permissions',
      responsive: ['sm'],
      render: (_, authority) => t('staffAuthorities.summary', levelCounts(authority.permissions)),
    },
    { title: t('staffAuthorities.userCount'), dataIndex: 'user_count', key: 'user_count', align: 'right' },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, authority) => (
        <RowActions
          id={authority.id}
          name={authority.name}
          editTo={`/account/staff_authorities/${authority.id}/edit`}
          onDelete={() => removeAuthority(authority.id, authorities.afterRemove)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader extra={<CreateButton to="/account/staff_authorities/create" />} />
      <ResourceTable<StaffAuthority>
        params={authorities}
        list={authorities.list}
        columns={columns}
        toolbar={
          <ListSearch
            value={authorities.filters.q}
            placeholder={t('staffAuthorities.searchPlaceholder')}
            onSearch={(q) => authorities.update({ q })}
          />
        }
        rowTestId={(authority) => `staff-authority-row-${authority.id}`}
        emptyText={authorities.filtered ? t('staffAuthorities.noMatch') : t('staffAuthorities.empty')}
        testId="staff-authorities-table"
      />
    </>
  );
}
