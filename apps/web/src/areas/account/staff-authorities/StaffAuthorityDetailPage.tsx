import { EditOutlined } from '@ant-design/icons';
import { staffAuthoritiesApi, type StaffAuthority } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { endpointQuery } from '../../../app/api/queries.ts';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PermissionSummary } from '../../../components/PermissionMatrix.tsx';
import { useRemoveRecord } from '../../../components/useRemoveRecord.ts';

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
          { key: 'created_at', label: t('users.createdAt'), children: formatDateTime(authority.created_at) },
          { key: 'updated_at', label: t('users.updatedAt'), children: formatDateTime(authority.updated_at) },
        ]}
      />
      <PermissionSummary permissions={authority.permissions} />
    </Flex>
  );
}

export default function StaffAuthorityDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = recordId(useParams().id) ?? 0;
  const authority = useQuery({ ...endpointQuery(staffAuthoritiesApi.get, { params: { id } }), enabled: id > 0 });
  const removeAuthority = useRemoveRecord(staffAuthoritiesApi);

  return (
    <>
      <PageHeader
        backTo={LIST_PATH}
        extra={
          authority.data && (
            <>
              <Link to={`${LIST_PATH}/${id}/edit`}>
                <Button type="primary" icon={<EditOutlined />} data-testid="edit-button">
                  {t('common.edit')}
                </Button>
              </Link>
              <ConfirmDeleteButton
                name={authority.data.data.name}
                onConfirm={() => removeAuthority(id, () => navigate(LIST_PATH, { replace: true }))}
              />
            </>
          )
        }
      />
      <Card>
        {authority.data ? (
          <AuthorityDetails authority={authority.data.data} />
        ) : (
          <LoadState
            error={authority.error}
            invalidId={id === 0}
            backTo={LIST_PATH}
            onRetry={() => void authority.refetch()}
          />
        )}
      </Card>
    </>
  );
}
