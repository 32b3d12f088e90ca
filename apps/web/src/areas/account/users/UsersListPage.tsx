import { accountUsersApi, lineAccountsApi, staffAuthoritiesApi, USER_STATUSES, type AccountUser } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { endpointQuery } from '../../../app/api/queries.ts';
import { ALL_ITEMS_LIMIT } from '../../../app/config.ts';
import { formatDateTime } from '../../../components/format.ts';
import { CreateButton, ListSearch, RowActions } from '../../../components/ListParts.tsx';
import { recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceTable, useResourceList } from '../../../components/ResourceTable.tsx';
import { useRemoveRecord } from '../../../components/useRemoveRecord.ts';
import '../../../app/i18n/parts/account.ts';

const FILTERS = ['q', 'status', 'staff_authority_id'] as const;

function parseStatus(value: string | undefined): AccountUser['status'] | undefined {
  return USER_STATUSES.find((status) => status === value);
}

export default function UsersListPage() {
  const { t } = useTranslation();
  const users = useResourceList(FILTERS, ({ page, limit, filters }) =>
    endpointQuery(accountUsersApi.list, {
      query: {
        page,
        limit,
        q: filters.q,
        status: parseStatus(filters.status),
        staff_authority_id: recordId(filters.staff_authority_id),
      },
    }),
  );
  const { filters, update } = users;
  const authorities = useQuery(endpointQuery(staffAuthoritiesApi.list, { query: { limit: ALL_ITEMS_LIMIT } }));
  const channels = useQuery(endpointQuery(lineAccountsApi.list, {}));
  // A user's deletion changes the user counts of the staff authorities.
  const removeUser = useRemoveRecord(accountUsersApi, [staffAuthoritiesApi.list]);
  const channelName = (id: number) => channels.data?.data.find((channel) => channel.id === id)?.name ?? `#${id}`;

  const columns: ColumnsType<AccountUser> = [
    {
      title: t('users.name'),
      key: 'name',
      render: (_, user) => (
        <Link to={`/account/users/${user.id}`} data-testid={`user-link-${user.id}`}>
          {user.name}
        </Link>
      ),
    },
    { title: t('users.email'), dataIndex: 'email', key: 'email', responsive: ['md'] },
    {
      title: t('users.status'),
      key: 'status',
      render: (_, user) => (
        <Tag color={user.status === 'active' ? 'success' : 'default'}>{t(`users.statuses.${user.status}`)}</Tag>
      ),
    },
    {
      title: t('users.staffAuthority'),
      key: 'staff_authority',
      responsive: ['sm'],
      render: (_, user) => (
        <Link to={`/account/staff_authorities/${user.staff_authority.id}`}>{user.staff_authority.name}</Link>
      ),
    },
    {
      title: t('users.channels'),
      key: 'channels',
      responsive: ['lg'],
      render: (_, user) => user.line_account_ids.map((id) => <Tag key={id}>{channelName(id)}</Tag>),
    },
    {
      title: t('users.lastLogin'),
      key: 'last_login_at',
      responsive: ['lg'],
      render: (_, user) => (user.last_login_at ? formatDateTime(user.last_login_at) : t('users.neverLoggedIn')),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, user) => (
        <RowActions
          id={user.id}
          name={user.name}
          editTo={`/account/users/${user.id}/edit`}
          onDelete={() => removeUser(user.id, users.afterRemove)}
        />
      ),
    },
  ];

  const toolbar = (
    <>
      <ListSearch value={filters.q} placeholder={t('users.searchPlaceholder')} onSearch={(q) => update({ q })} />
      <Select
        allowClear
        value={parseStatus(filters.status)}
        placeholder={t('users.status')}
        onChange={(status?: string) => update({ status })}
        options={USER_STATUSES.map((status) => ({ value: status, label: t(`users.statuses.${status}`) }))}
        style={{ width: 140 }}
        data-testid="filter-status"
      />
      <Select
        allowClear
        value={recordId(filters.staff_authority_id)}
        placeholder={t('users.staffAuthority')}
        onChange={(id?: number) => update({ staff_authority_id: id })}
        options={authorities.data?.data.map((authority) => ({ value: authority.id, label: authority.name }))}
        style={{ width: 200 }}
        data-testid="filter-staff-authority"
      />
    </>
  );

  return (
    <>
      <PageHeader extra={<CreateButton to="/account/users/create" />} />
      <ResourceTable<AccountUser>
        params={users}
        list={users.list}
        columns={columns}
        toolbar={toolbar}
        rowTestId={(user) => `user-row-${user.id}`}
        emptyText={users.filtered ? t('users.noMatch') : t('users.empty')}
        testId="users-table"
      />
    </>
  );
}
