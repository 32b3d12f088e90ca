import { EditOutlined } from '@ant-design/icons';
import { accountUsersApi, lineAccountsApi, staffAuthoritiesApi, type AccountUser } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  endpointQuery,
  invalidateEndpoints,
  markEndpointsStale,
  useEndpointMutation,
} from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';

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
        { key: 'created_at', label: t('users.createdAt'), children: formatDateTime(user.created_at) },
        { key: 'updated_at', label: t('users.updatedAt'), children: formatDateTime(user.updated_at) },
      ]}
    />
  );
}

export default function UserDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = recordId(useParams().id) ?? 0;
  const user = useQuery({ ...endpointQuery(accountUsersApi.get, { params: { id } }), enabled: id > 0 });
  const remove = useEndpointMutation(accountUsersApi.remove);

  const removeUser = () =>
    remove.mutateAsync({ params: { id } }).then(async () => {
      feedback.notifySuccess(t('common.deleted'));
      await markEndpointsStale(accountUsersApi.get);
      await invalidateEndpoints(accountUsersApi.list, staffAuthoritiesApi.list);
      await navigate('/account/users', { replace: true });
    });

  return (
    <>
      <PageHeader
        backTo="/account/users"
        extra={
          user.data && (
            <>
              <Link to={`/account/users/${id}/edit`}>
                <Button type="primary" icon={<EditOutlined />} data-testid="edit-button">
                  {t('common.edit')}
                </Button>
              </Link>
              <ConfirmDeleteButton name={user.data.data.name} onConfirm={removeUser} />
            </>
          )
        }
      />
      <Card>
        {user.data ? (
          <UserDescriptions user={user.data.data} />
        ) : (
          <LoadState
            error={user.error}
            invalidId={id === 0}
            backTo="/account/users"
            onRetry={() => void user.refetch()}
          />
        )}
      </Card>
    </>
  );
}
