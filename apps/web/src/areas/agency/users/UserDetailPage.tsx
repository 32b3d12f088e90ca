import { agencyUsersApi, type AgencyUser } from '@linq/contract';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { RoleTag, UserStateTag } from './UserStateTag.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/agency-users.ts';

function UserDescriptions({ user }: { user: AgencyUser }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={1}
      bordered
      size="middle"
      data-testid="user-detail"
      items={[
        { key: 'name', label: t('agencyUsers.name'), children: <span data-testid="detail-name">{user.name}</span> },
        { key: 'email', label: t('agencyUsers.email'), children: user.email },
        {
          key: 'role',
          label: t('agencyUsers.role'),
          children: (
            <span data-testid="detail-role">
              <RoleTag role={user.role} />
            </span>
          ),
        },
        {
          key: 'status',
          label: t('agencyUsers.status'),
          children: (
            <span data-testid="detail-status">
              <UserStateTag user={user} />
            </span>
          ),
        },
        { key: 'last_login_at', label: t('agencyUsers.lastLoginAt'), children: formatDateTime(user.last_login_at) },
        { key: 'created_at', label: t('agencyUsers.createdAt'), children: formatDateTime(user.created_at) },
        { key: 'updated_at', label: t('common.updatedAt'), children: formatDateTime(user.updated_at) },
      ]}
    />
  );
}

export default function UserDetailPage() {
  return (
    <RecordPage endpoint={agencyUsersApi.get} backTo={LIST_PATH} editTo={(id) => `${LIST_PATH}/${id}/edit`}>
      {({ data }) => <UserDescriptions user={data} />}
    </RecordPage>
  );
}
