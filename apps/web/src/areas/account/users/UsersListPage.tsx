import { accountUsersApi, lineAccountsApi, staffAuthoritiesApi, USER_STATUSES, type AccountUser } from '@linq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  endpointQuery,
  invalidateEndpoints,
  markEndpointsStale,
  useEndpointMutation,
} from '../../../app/api/queries.ts';
import { ALL_ITEMS_LIMIT, SPINNER_DELAY_MS } from '../../../app/config.ts';
import { feedback } from '../../../app/feedback.ts';
import { formatDateTime } from '../../../components/format.ts';
import { CreateButton, ListSearch, RowActions } from '../../../components/ListParts.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { testId } from '../../../components/test-id.ts';
import { useListParams } from '../../../components/useListParams.ts';

const FILTERS = ['q', 'status', 'staff_authority_id'] as const;

function parseStatus(value: string | undefined): AccountUser['status'] | undefined {
  return USER_STATUSES.find((status) => status === value);
}

export default function UsersListPage() {
  const { t } = useTranslation();
  const { page, limit, filters, update } = useListParams(FILTERS);
  const query = {
    page,
    limit,
    q: filters.q,
    status: parseStatus(filters.status),
    staff_authority_id: filters.staff_authority_id ? Number(filters.staff_authority_id) : undefined,
  };
  const users = useQuery({ ...endpointQuery(accountUsersApi.list, { query }), placeholderData: keepPreviousData });
  const authorities = useQuery(endpointQuery(staffAuthoritiesApi.list, { query: { limit: ALL_ITEMS_LIMIT } }));
  const channels = useQuery(endpointQuery(lineAccountsApi.list, {}));
  const remove = useEndpointMutation(accountUsersApi.remove);

  const rows = users.data?.data ?? [];
  const filtered = Object.values(filters).some(Boolean);
  const channelName = (id: number) => channels.data?.data.find((channel) => channel.id === id)?.name ?? `#${id}`;

  const removeUser = (user: AccountUser) =>
    remove.mutateAsync({ params: { id: user.id } }).then(async () => {
      feedback.notifySuccess(t('common.deleted'));
      // The last row of a later page is gone: show the page before it.
      if (rows.length === 1 && page > 1) update({ page: page - 1 });
      await markEndpointsStale(accountUsersApi.get);
      await invalidateEndpoints(accountUsersApi.list, staffAuthoritiesApi.list);
    });

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
          onDelete={() => removeUser(user)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader extra={<CreateButton to="/account/users/create" />} />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <ListSearch value={filters.q} placeholder={t('users.searchPlaceholder')} onSearch={(q) => update({ q })} />
          <Select
            allowClear
            value={query.status}
            placeholder={t('users.status')}
            onChange={(status?: string) => update({ status })}
            options={USER_STATUSES.map((status) => ({ value: status, label: t(`users.statuses.${status}`) }))}
            style={{ width: 140 }}
            data-testid="filter-status"
          />
          <Select
            allowClear
            value={query.staff_authority_id}
            placeholder={t('users.staffAuthority')}
            onChange={(id?: number) => update({ staff_authority_id: id })}
            options={authorities.data?.data.map((authority) => ({ value: authority.id, label: authority.name }))}
            style={{ width: 200 }}
            data-testid="filter-staff-authority"
          />
        </Flex>
        <Table<AccountUser>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={{ spinning: users.isFetching, delay: SPINNER_DELAY_MS }}
          onRow={(user) => testId(`user-row-${user.id}`)}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={filtered ? t('users.noMatch') : t('users.empty')} /> }}
          pagination={{
            current: page,
            pageSize: limit,
            total: users.data?.total_item_count ?? 0,
            showSizeChanger: true,
            showTotal: (total) => (
              <Typography.Text type="secondary">{t('common.total', { count: total })}</Typography.Text>
            ),
            onChange: (nextPage, pageSize) => update(pageSize !== limit ? { limit: pageSize } : { page: nextPage }),
          }}
          data-testid="users-table"
        />
      </Card>
    </>
  );
}
