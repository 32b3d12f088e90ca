import { adminLineAccountsApi, adminLineAccountUpdate, type AdminLineAccount } from '@linq/contract';
import { call } from '../../../app/api/call.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useResourceForm } from '../../../components/ResourceForm.tsx';
import { LineAccountForm, type LineAccountFormValues } from './LineAccountForm.tsx';
import { LIST_PATH } from './paths.ts';

function formValuesOf(channel: AdminLineAccount): LineAccountFormValues {
  return {
    name: channel.name,
    account_id: channel.account.id,
    status: channel.status,
    channel_id: channel.channel_id ?? '',
    // Never sent to the browser: empty keeps what is stored.
    channel_secret: '',
    channel_access_token: '',
    basic_id: channel.basic_id ?? '',
    simulated: channel.simulated,
    login_channel_id: channel.login.channel_id ?? '',
    login_channel_secret: '',
  };
}

function EditForm({ channel }: { channel: AdminLineAccount }) {
  const model = useResourceForm({
    schema: adminLineAccountUpdate,
    save: (values: LineAccountFormValues) =>
      call(adminLineAccountsApi.update, {
        params: { id: channel.id },
        body: { ...values, id: channel.id, account_id: values.account_id! },
      }),
    notice: 'saved',
    changes: [adminLineAccountsApi.list, adminLineAccountsApi.get],
    next: () => `${LIST_PATH}/${channel.id}`,
  });
  return (
    <LineAccountForm
      mode="edit"
      model={model}
      initialValues={formValuesOf(channel)}
      stored={{
        secret: channel.has_channel_secret,
        token: channel.has_channel_access_token,
        loginSecret: channel.login.has_channel_secret,
      }}
      cancelTo={`${LIST_PATH}/${channel.id}`}
    />
  );
}

export default function LineAccountEditPage() {
  return (
    <RecordPage endpoint={adminLineAccountsApi.get} backTo={LIST_PATH}>
      {({ data }) => <EditForm key={data.updated_at} channel={data} />}
    </RecordPage>
  );
}
