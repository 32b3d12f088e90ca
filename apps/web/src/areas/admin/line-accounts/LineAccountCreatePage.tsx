import { adminLineAccountsApi } from '@linq/contract';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../app/api/call.ts';
import { invalidateEndpoints } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
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
};

export default function LineAccountCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const create = async (values: LineAccountFormValues) => {
    // The form's required rule has made sure an account is chosen.
    const { data } = await call(adminLineAccountsApi.create, { body: { ...values, account_id: values.account_id! } });
    feedback.notifySuccess(t('common.created'));
    await invalidateEndpoints(adminLineAccountsApi.list);
    await navigate(`${LIST_PATH}/${data.id}`);
  };

  return (
    <>
      <PageHeader backTo={LIST_PATH} />
      <Card>
        <LineAccountForm mode="create" initialValues={NEW_CHANNEL} cancelTo={LIST_PATH} onSubmit={create} />
      </Card>
    </>
  );
}
