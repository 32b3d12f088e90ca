import {
  adminLineAccountCreate,
  adminLineAccountsApi,
  adminLineAccountUpdate,
  LINE_ACCOUNT_STATUSES,
  type AdminLineAccount,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../app/api/errors.ts';
import { endpointQuery } from '../../../app/api/queries.ts';
import { schemaRule, showFieldErrors } from '../../../app/forms.ts';
import { FormAlert } from '../../../components/auth/FormAlert.tsx';

export interface LineAccountFormValues {
  name: string;
  account_id: number | undefined;
  status: AdminLineAccount['status'];
  channel_id: string;
  channel_secret: string;
  channel_access_token: string;
  basic_id: string;
  simulated: boolean;
}

const FIELDS = [
  'name',
  'account_id',
  'status',
  'channel_id',
  'channel_secret',
  'channel_access_token',
  'basic_id',
  'simulated',
];

interface LineAccountFormProps {
  mode: 'create' | 'edit';
  initialValues: LineAccountFormValues;
  /** On edit: which secrets are stored now (an empty field keeps them). */
  stored?: { secret: boolean; token: boolean };
  cancelTo: string;
  onSubmit: (values: LineAccountFormValues) => Promise<unknown>;
}

export function LineAccountForm({ mode, initialValues, stored, cancelTo, onSubmit }: LineAccountFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LineAccountFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const accounts = useQuery(endpointQuery(adminLineAccountsApi.accountOptions, {}));
  const schema = mode === 'create' ? adminLineAccountCreate : adminLineAccountUpdate;
  const selectRequired = { required: true, message: t('common.selectRequired') };

  const submit = async (values: LineAccountFormValues) => {
    setFormError(null);
    setSubmitting(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const unmatched = showFieldErrors(form, error, FIELDS);
      if (unmatched?.length) setFormError(unmatched.join(' '));
      else if (isApiError(error, 409)) setFormError(error.message);
    } finally {
      setSubmitting(false);
    }
  };

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
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 640 }}
    >
      <FormAlert message={formError} />
      <Form.Item name="name" label={t('adminLineAccounts.name')} rules={[schemaRule(schema.shape.name)]}>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      <Form.Item name="account_id" label={t('adminLineAccounts.account')} rules={[selectRequired]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={accounts.isPending}
          options={accounts.data?.data.map((account) => ({ value: account.id, label: account.name }))}
          optionRender={(option) => <span data-testid={`account-option-${option.value}`}>{option.label}</span>}
          data-testid="field-account_id"
        />
      </Form.Item>
      <Form.Item name="status" label={t('adminLineAccounts.status')} rules={[selectRequired]}>
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
        rules={[schemaRule(schema.shape.channel_id)]}
      >
        <Input inputMode="numeric" maxLength={20} autoComplete="off" data-testid="field-channel_id" />
      </Form.Item>
      <Alert type="info" showIcon title={t('adminLineAccounts.secretsStored')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="channel_secret"
        label={t('adminLineAccounts.channelSecret')}
        extra={storedState(stored?.secret) ?? t('adminLineAccounts.secretHint')}
        rules={[schemaRule(schema.shape.channel_secret)]}
      >
        <Input.Password autoComplete="new-password" maxLength={32} data-testid="field-channel_secret" />
      </Form.Item>
      <Form.Item
        name="channel_access_token"
        label={t('adminLineAccounts.channelAccessToken')}
        extra={storedState(stored?.token) ?? t('adminLineAccounts.tokenHint')}
        rules={[schemaRule(schema.shape.channel_access_token)]}
      >
        <Input.Password autoComplete="new-password" data-testid="field-channel_access_token" />
      </Form.Item>
      <Form.Item
        name="basic_id"
        label={t('adminLineAccounts.basicId')}
        extra={t('adminLineAccounts.basicIdHint')}
        rules={[schemaRule(schema.shape.basic_id)]}
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
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="form-submit">
          {t('common.save')}
        </Button>
        <Link to={cancelTo}>
          <Button data-testid="form-cancel">{t('common.cancel')}</Button>
        </Link>
      </Space>
    </Form>
  );
}
