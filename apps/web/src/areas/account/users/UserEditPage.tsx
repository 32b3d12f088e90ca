import { accountUsersApi, accountUserUpdate, staffAuthoritiesApi, type AccountUser } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
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
  const model = useResourceForm({
    schema: accountUserUpdate,
    // The API takes the id from the payload as well as the path; an empty password keeps the current one.
    save: (values: UserFormValues) =>
      call(
        accountUsersApi.update,
        { params: { id: user.id }, body: { ...values, id: user.id, password: values.password || undefined } },
        { handles: [409] },
      ),
    notice: 'saved',
    changes: [accountUsersApi.list, accountUsersApi.get, staffAuthoritiesApi.list],
    next: () => `/account/users/${user.id}`,
  });
  return (
    <UserForm mode="edit" model={model} initialValues={formValuesOf(user)} cancelTo={`/account/users/${user.id}`} />
  );
}

export default function UserEditPage() {
  return (
    <RecordPage endpoint={accountUsersApi.get} backTo="/account/users">
      {({ data }) => <EditForm key={data.updated_at} user={data} />}
    </RecordPage>
  );
}
