import { accountUsersApi, staffAuthoritiesApi } from '@linq/contract';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../app/api/call.ts';
import { invalidateEndpoints } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
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
  const { t } = useTranslation();
  const navigate = useNavigate();

  const create = async (values: UserFormValues) => {
    const { data } = await call(
      accountUsersApi.create,
      { body: { ...values, password: values.password ?? '' } },
      { handles: [409] },
    );
    feedback.notifySuccess(t('common.created'));
    await invalidateEndpoints(accountUsersApi.list, staffAuthoritiesApi.list);
    await navigate(`/account/users/${data.id}`);
  };

  return (
    <>
      <PageHeader backTo="/account/users" />
      <Card>
        <UserForm mode="create" initialValues={NEW_USER} cancelTo="/account/users" onSubmit={create} />
      </Card>
    </>
  );
}
