import { accountUsersApi, lineAccountsApi, staffAuthoritiesApi, type AccountUser } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { endpointQuery } from '../../../app/api/queries.ts';
import { formatDateTime } from '../../../components/format.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import '../../../app/i18n/parts/account.ts';

function UserDescriptions({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const channels = useQuery(endpointQuery(lineAccountsApi.list, {}));
  const channelName = (id: number) => channels.data?.data.find((channel) => channel.id === id)?.name ?? `#${id}`;
  return (
    <Descriptions
      column={1}
      bordered
      size="middle"
      data-testid="user-detail"
      items={[
        { key: 'name', label: t('users.name'), children: user.name },
        { key: 'email', label: t('users.email'), children: user.email },
        {
          key: 'status',
          label: t('users.status'),
          children: (
            <Tag color={user.status === 'active' ? 'success' : 'default'}>{t(`users.statuses.${user.status}`)}</Tag>
          ),
        },
        {
          key: 'staff_authority',
          label: t('users.staffAuthority'),
          children: (
            <Link to={`/account/staff_authorities/${user.staff_authority.id}`}>{user.staff_authority.name}</Link>
          ),
        },
        {
          key: 'channels',
          label: t('users.channels'),
          children: user.line_account_ids.map((id) => <Tag key={id}>{channelName(id)}</Tag>),
        },
        {
          key: 'last_login_at',
          label: t('users.lastLogin'),
          children: user.last_login_at ? formatDateTime(user.last_login_at) : t('users.neverLoggedIn'),
        },
        { key: 'created_at', label: t('common.createdAt'), children: formatDateTime(user.created_at) },
        { key: 'updated_at', label: t('common.updatedAt'), children: formatDateTime(user.updated_at) },
      ]}
    />
  );
}

export default function UserDetailPage() {
  return (
    <RecordPage
      endpoint={accountUsersApi.get}
      backTo="/account/users"
      editTo={(id) => `/account/users/${id}/edit`}
      remove={{ resource: accountUsersApi, name: ({ data }) => data.name, changes: [staffAuthoritiesApi.list] }}
    >
      {({ data }) => <UserDescriptions user={data} />}
    </RecordPage>
  );
}
