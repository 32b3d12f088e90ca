import { adminLineAccountsApi, type AdminLineAccount } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../app/api/call.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { LoadState, recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
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
  };
}

function EditForm({ channel }: { channel: AdminLineAccount }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const update = async (values: LineAccountFormValues) => {
    const body = { ...values, id: channel.id, account_id: values.account_id! };
    await call(adminLineAccountsApi.update, { params: { id: channel.id }, body });
    feedback.notifySuccess(t('common.saved'));
    await invalidateEndpoints(adminLineAccountsApi.list, adminLineAccountsApi.get);
    await navigate(`${LIST_PATH}/${channel.id}`);
  };

  return (
    <LineAccountForm
      mode="edit"
      initialValues={formValuesOf(channel)}
      stored={{ secret: channel.has_channel_secret, token: channel.has_channel_access_token }}
      cancelTo={`${LIST_PATH}/${channel.id}`}
      onSubmit={update}
    />
  );
}

export default function LineAccountEditPage() {
  const id = recordId(useParams().id) ?? 0;
  const channel = useQuery({ ...endpointQuery(adminLineAccountsApi.get, { params: { id } }), enabled: id > 0 });
  return (
    <>
      <PageHeader backTo={LIST_PATH} />
      <Card>
        {channel.data ? (
          <EditForm key={channel.data.data.updated_at} channel={channel.data.data} />
        ) : (
          <LoadState
            error={channel.error}
            invalidId={id === 0}
            backTo={LIST_PATH}
            onRetry={() => void channel.refetch()}
          />
        )}
      </Card>
    </>
  );
}
