import { accountUsersApi, staffAuthoritiesApi, type AccountUser } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../app/api/call.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { UserForm, type UserFormValues } from './UserForm.tsx';

function formValuesOf(user: AccountUser): UserFormValues {
  return {
    name: user.name,
    email: user.email,
    password: '',
    status: user.status,
    staff_authority_id: user.staff_authority.id,
    line_account_ids: user.line_account_ids,
  };
}

function EditForm({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const update = async (values: UserFormValues) => {
    // The API takes the id from the payload as well as the path; an empty password keeps the current one.
    const body = { ...values, id: user.id, password: values.password || undefined };
    await call(accountUsersApi.update, { params: { id: user.id }, body }, { handles: [409] });
    feedback.notifySuccess(t('common.saved'));
    await invalidateEndpoints(accountUsersApi.list, accountUsersApi.get, staffAuthoritiesApi.list);
    await navigate(`/account/users/${user.id}`);
  };

  return (
    <UserForm mode="edit" initialValues={formValuesOf(user)} cancelTo={`/account/users/${user.id}`} onSubmit={update} />
  );
}

export default function UserEditPage() {
  const id = recordId(useParams().id) ?? 0;
  const user = useQuery({ ...endpointQuery(accountUsersApi.get, { params: { id } }), enabled: id > 0 });
  return (
    <>
      <PageHeader backTo="/account/users" />
      <Card>
        {user.data ? (
          <EditForm key={user.data.data.updated_at} user={user.data.data} />
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
