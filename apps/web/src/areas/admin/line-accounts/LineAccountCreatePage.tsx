import { adminLineAccountCreate, adminLineAccountsApi } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { ResourcePage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { LineAccountForm, type LineAccountFormValues } from './LineAccountForm.tsx';
import { LIST_PATH } from './paths.ts';

const NEW_CHANNEL: LineAccountFormValues = {
  name: '',
  account_id: undefined,
  status: 'active',
  channel_id: '',
  channel_secret: '',
  channel_access_token: '',
  basic_id: '',
  simulated: false,
  login_channel_id: '',
  login_channel_secret: '',
};

export default function LineAccountCreatePage() {
  const model = useResourceForm({
    schema: adminLineAccountCreate,
    // The form's required rule has made sure an account is chosen.
    save: (values: LineAccountFormValues) =>
      call(adminLineAccountsApi.create, { body: { ...values, account_id: values.account_id! } }),
    notice: 'created',
    changes: [adminLineAccountsApi.list],
    next: ({ data }) => `${LIST_PATH}/${data.id}`,
  });
  return (
    <ResourcePage backTo={LIST_PATH}>
      <LineAccountForm mode="create" model={model} initialValues={NEW_CHANNEL} cancelTo={LIST_PATH} />
    </ResourcePage>
  );
}
