import { adminLineAccountsApi, LINE_ACCOUNT_STATUSES, type AdminLineAccount } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Divider, Form, Input, Radio, Select, Space, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { FormShell, type ResourceFormModel } from '../../../components/ResourceForm.tsx';
import '../../../app/i18n/parts/admin.ts';

export interface LineAccountFormValues {
  name: string;
  account_id: number | undefined;
  status: AdminLineAccount['status'];
  channel_id: string;
  channel_secret: string;
  channel_access_token: string;
  basic_id: string;
  simulated: boolean;
  login_channel_id: string;
  login_channel_secret: string;
}

type LineAccountField =
  | 'name'
  | 'channel_id'
  | 'channel_secret'
  | 'channel_access_token'
  | 'basic_id'
  | 'login_channel_id'
  | 'login_channel_secret';

interface LineAccountFormProps {
  mode: 'create' | 'edit';
  model: ResourceFormModel<LineAccountFormValues, LineAccountField>;
  initialValues: LineAccountFormValues;
  /** On edit: which secrets are stored now (an empty field keeps them). */
  stored?: { secret: boolean; token: boolean; loginSecret: boolean };
  cancelTo: string;
}

export function LineAccountForm({ mode, model, initialValues, stored, cancelTo }: LineAccountFormProps) {
  const { t } = useTranslation();
  const accounts = useQuery(endpointQuery(adminLineAccountsApi.accountOptions, {}));

  const storedState = (set: boolean | undefined) =>
    mode === 'edit' ? (
      <Space size={4} wrap>
        <Tag color={set ? 'success' : 'default'}>
          {set ? t('adminLineAccounts.secretSet') : t('adminLineAccounts.secretUnset')}
        </Tag>
        <span>{t('adminLineAccounts.keepSecret')}</span>
      </Space>
    ) : undefined;

  return (
    <FormShell model={model} initialValues={initialValues} cancelTo={cancelTo}>
      <Form.Item name="name" label={t('adminLineAccounts.name')} rules={[model.rule('name')]}>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      <Form.Item name="account_id" label={t('adminLineAccounts.account')} rules={[model.choiceRule]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={accounts.isPending}
          options={accounts.data?.data.map((account) => ({ value: account.id, label: account.name }))}
          optionRender={(option) => <span data-testid={`account-option-${option.value}`}>{option.label}</span>}
          data-testid="field-account_id"
        />
      </Form.Item>
      <Form.Item name="status" label={t('adminLineAccounts.status')} rules={[model.choiceRule]}>
        <Radio.Group
          options={LINE_ACCOUNT_STATUSES.map((status) => ({
            value: status,
            label: <span data-testid={`field-status-${status}`}>{t(`channels.statuses.${status}`)}</span>,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="channel_id"
        label={t('adminLineAccounts.channelId')}
        extra={t('adminLineAccounts.channelIdHint')}
        rules={[model.rule('channel_id')]}
      >
        <Input inputMode="numeric" maxLength={20} autoComplete="off" data-testid="field-channel_id" />
      </Form.Item>
      <Alert type="info" showIcon title={t('adminLineAccounts.secretsStored')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="channel_secret"
        label={t('adminLineAccounts.channelSecret')}
        extra={storedState(stored?.secret) ?? t('adminLineAccounts.secretHint')}
        rules={[model.rule('channel_secret')]}
      >
        <Input.Password autoComplete="new-password" maxLength={32} data-testid="field-channel_secret" />
      </Form.Item>
      <Form.Item
        name="channel_access_token"
        label={t('adminLineAccounts.channelAccessToken')}
        extra={storedState(stored?.token) ?? t('adminLineAccounts.tokenHint')}
        rules={[model.rule('channel_access_token')]}
      >
        <Input.Password autoComplete="new-password" data-testid="field-channel_access_token" />
      </Form.Item>
      <Form.Item
        name="basic_id"
        label={t('adminLineAccounts.basicId')}
        extra={t('adminLineAccounts.basicIdHint')}
        rules={[model.rule('basic_id')]}
      >
        <Input placeholder="@123abcde" autoComplete="off" data-testid="field-basic_id" />
      </Form.Item>
      <Form.Item
        name="simulated"
        label={t('adminLineAccounts.simulatedLabel')}
        extra={t('adminLineAccounts.simulatedHint')}
        valuePropName="checked"
      >
        <Switch data-testid="field-simulated" />
      </Form.Item>
      <Divider titlePlacement="start">{t('adminLineAccounts.loginSection')}</Divider>
      <Alert
        type="info"
        showIcon
        title={t('adminLineAccounts.loginCheckHint')}
        description={mode === 'create' ? t('adminLineAccounts.loginSimulatedHint') : undefined}
        style={{ marginBottom: 16 }}
      />
      <Form.Item
        name="login_channel_id"
        label={t('adminLineAccounts.loginChannelId')}
        extra={t('adminLineAccounts.loginChannelIdHint')}
        rules={[model.rule('login_channel_id')]}
      >
        <Input inputMode="numeric" maxLength={20} autoComplete="off" data-testid="field-login_channel_id" />
      </Form.Item>
      <Form.Item
        name="login_channel_secret"
        label={t('adminLineAccounts.loginChannelSecret')}
        extra={storedState(stored?.loginSecret) ?? t('adminLineAccounts.loginSecretHint')}
        rules={[model.rule('login_channel_secret')]}
      >
        <Input.Password autoComplete="new-password" maxLength={32} data-testid="field-login_channel_secret" />
      </Form.Item>
    </FormShell>
  );
}
