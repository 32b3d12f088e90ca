import { accountUserCreate, accountUsersApi, staffAuthoritiesApi } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { ResourcePage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { UserForm, type UserFormValues } from './UserForm.tsx';

const NEW_USER: UserFormValues = {
  name: '',
  email: '',
  password: '',
  status: 'active',
  staff_authority_id: undefined,
  line_account_ids: [],
};

export default function UserCreatePage() {
  const model = useResourceForm({
    schema: accountUserCreate,
    save: (values: UserFormValues) =>
      call(accountUsersApi.create, { body: { ...values, password: values.password ?? '' } }, { handles: [409] }),
    notice: 'created',
    changes: [accountUsersApi.list, staffAuthoritiesApi.list],
    next: ({ data }) => `/account/users/${data.id}`,
  });
  return (
    <ResourcePage backTo="/account/users">
      <UserForm mode="create" model={model} initialValues={NEW_USER} cancelTo="/account/users" />
    </ResourcePage>
  );
}
