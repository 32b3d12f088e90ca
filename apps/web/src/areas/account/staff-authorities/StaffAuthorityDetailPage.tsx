import { staffAuthoritiesApi, type StaffAuthority } from '@linq/contract';
import { Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { PermissionSummary } from '../../../components/PermissionMatrix.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import '../../../app/i18n/parts/account.ts';

const LIST_PATH = '/account/staff_authorities';

function AuthorityDetails({ authority }: { authority: StaffAuthority }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={24}>
      <Descriptions
        column={1}
        bordered
        data-testid="staff-authority-detail"
        items={[
          { key: 'name', label: t('staffAuthorities.name'), children: authority.name },
          { key: 'description', label: t('staffAuthorities.description'), children: authority.description },
          {
            key: 'user_count',
            label: t('staffAuthorities.userCount'),
            children: <Link to={`/account/users?staff_authority_id=${authority.id}`}>{authority.user_count}</Link>,
          },
          { key: 'created_at', label: t('common.createdAt'), children: formatDateTime(authority.created_at) },
          { key: 'updated_at', label: t('common.updatedAt'), children: formatDateTime(authority.updated_at) },
        ]}
      />
      <PermissionSummary permissions={authority.permissions} />
    </Flex>
  );
}

export default function StaffAuthorityDetailPage() {
  return (
    <RecordPage
      endpoint={staffAuthoritiesApi.get}
      backTo={LIST_PATH}
      editTo={(id) => `${LIST_PATH}/${id}/edit`}
      remove={{ resource: staffAuthoritiesApi, name: ({ data }) => data.name }}
    >
      {({ data }) => <AuthorityDetails authority={data} />}
    </RecordPage>
  );
}
