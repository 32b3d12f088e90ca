import {
  accountUserCreate,
  accountUserUpdate,
  lineAccountsApi,
  staffAuthoritiesApi,
  USER_STATUSES,
  type AccountUserUpdate,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../app/api/errors.ts';
import { endpointQuery } from '../../../app/api/queries.ts';
import { ALL_ITEMS_LIMIT } from '../../../app/config.ts';
import { schemaRule, showFieldErrors } from '../../../app/forms.ts';
import { FormAlert } from '../../../components/auth/FormAlert.tsx';

/** Form values: the update body's shape (create differs only in requiring the password). */
export type UserFormValues = AccountUserUpdate;

const FIELDS = ['name', 'email', 'password', 'status', 'staff_authority_id', 'line_account_ids'];

interface UserFormProps {
  mode: 'create' | 'edit';
  initialValues: UserFormValues;
  cancelTo: string;
  onSubmit: (values: UserFormValues) => Promise<unknown>;
}

export function UserForm({ mode, initialValues, cancelTo, onSubmit }: UserFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const authorities = useQuery(endpointQuery(staffAuthoritiesApi.list, { query: { limit: ALL_ITEMS_LIMIT } }));
  const channels = useQuery(endpointQuery(lineAccountsApi.list, {}));
  const schema = mode === 'create' ? accountUserCreate : accountUserUpdate;
  const selectRequired = { required: true, message: t('common.selectRequired') };

  const submit = async (values: UserFormValues) => {
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

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 640 }}
    >
      <FormAlert message={formError} />
      <Form.Item name="name" label={t('users.name')} rules={[schemaRule(schema.shape.name)]}>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      <Form.Item name="email" label={t('users.email')} rules={[schemaRule(schema.shape.email)]}>
        <Input type="email" autoComplete="off" data-testid="field-email" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('users.password')}
        extra={mode === 'edit' ? t('users.passwordKeep') : t('auth.passwordHint')}
        rules={[schemaRule(schema.shape.password)]}
      >
        <Input.Password autoComplete="new-password" data-testid="field-password" />
      </Form.Item>
      <Form.Item name="status" label={t('users.status')} rules={[selectRequired]}>
        <Radio.Group
          options={USER_STATUSES.map((status) => ({
            value: status,
            label: <span data-testid={`field-status-${status}`}>{t(`users.statuses.${status}`)}</span>,
          }))}
        />
      </Form.Item>
      <Form.Item name="staff_authority_id" label={t('users.staffAuthority')} rules={[selectRequired]}>
        <Select
          loading={authorities.isPending}
          options={authorities.data?.data.map((authority) => ({ value: authority.id, label: authority.name }))}
          optionRender={(option) => <span data-testid={`staff-authority-option-${option.value}`}>{option.label}</span>}
          data-testid="field-staff_authority_id"
        />
      </Form.Item>
      <Form.Item
        name="line_account_ids"
        label={t('users.channels')}
        rules={[schemaRule(schema.shape.line_account_ids)]}
      >
        <Checkbox.Group
          options={channels.data?.data.map((channel) => ({
            value: channel.id,
            label: <span data-testid={`field-line_account_ids-${channel.id}`}>{channel.name}</span>,
          }))}
        />
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
