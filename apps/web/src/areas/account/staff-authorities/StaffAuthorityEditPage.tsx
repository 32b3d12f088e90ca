import { accountUsersApi, staffAuthoritiesApi, type StaffAuthority, type StaffAuthorityInput } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../app/api/call.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StaffAuthorityForm } from './StaffAuthorityForm.tsx';

function EditForm({ authority }: { authority: StaffAuthority }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detailPath = `/account/staff_authorities/${authority.id}`;

  const update = async (values: StaffAuthorityInput) => {
    // The spec's PUT body includes the id.
    await call(
      staffAuthoritiesApi.update,
      { params: { id: authority.id }, body: { ...values, id: authority.id } },
      { handles: [409] },
    );
    feedback.notifySuccess(t('common.saved'));
    await invalidateEndpoints(
      staffAuthoritiesApi.list,
      staffAuthoritiesApi.get,
      accountUsersApi.list,
      accountUsersApi.get,
    );
    await navigate(detailPath);
  };

  const initialValues: StaffAuthorityInput = {
    name: authority.name,
    description: authority.description,
    permissions: authority.permissions,
  };
  return <StaffAuthorityForm initialValues={initialValues} cancelTo={detailPath} onSubmit={update} />;
}

export default function StaffAuthorityEditPage() {
  const id = recordId(useParams().id) ?? 0;
  const authority = useQuery({ ...endpointQuery(staffAuthoritiesApi.get, { params: { id } }), enabled: id > 0 });
  return (
    <>
      <PageHeader backTo="/account/staff_authorities" />
      <Card>
        {authority.data ? (
          <EditForm key={authority.data.data.updated_at} authority={authority.data.data} />
        ) : (
          <LoadState
            error={authority.error}
            invalidId={id === 0}
            backTo="/account/staff_authorities"
            onRetry={() => void authority.refetch()}
          />
        )}
      </Card>
    </>
  );
}
