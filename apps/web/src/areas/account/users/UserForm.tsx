import { lineAccountsApi, staffAuthoritiesApi, USER_STATUSES, type AccountUserUpdate } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { ALL_ITEMS_LIMIT } from '../../../app/config.ts';
import { FormShell, type ResourceFormModel } from '../../../components/ResourceForm.tsx';
import '../../../app/i18n/parts/account.ts';

/** Form values: the update body's shape (create differs only in requiring the password). */
export type UserFormValues = AccountUserUpdate;

type UserField = 'name' | 'email' | 'password' | 'line_account_ids';

interface UserFormProps {
  mode: 'create' | 'edit';
  model: ResourceFormModel<UserFormValues, UserField>;
  initialValues: UserFormValues;
  cancelTo: string;
}

export function UserForm({ mode, model, initialValues, cancelTo }: UserFormProps) {
  const { t } = useTranslation();
  const authorities = useQuery(endpointQuery(staffAuthoritiesApi.list, { query: { limit: ALL_ITEMS_LIMIT } }));
  const channels = useQuery(endpointQuery(lineAccountsApi.list, {}));

  return (
    <FormShell model={model} initialValues={initialValues} cancelTo={cancelTo}>
      <Form.Item name="name" label={t('users.name')} rules={[model.rule('name')]}>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      <Form.Item name="email" label={t('users.email')} rules={[model.rule('email')]}>
        <Input type="email" autoComplete="off" data-testid="field-email" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('users.password')}
        extra={mode === 'edit' ? t('users.passwordKeep') : t('auth.passwordHint')}
        rules={[model.rule('password')]}
      >
        <Input.Password autoComplete="new-password" data-testid="field-password" />
      </Form.Item>
      <Form.Item name="status" label={t('users.status')} rules={[model.choiceRule]}>
        <Radio.Group
          options={USER_STATUSES.map((status) => ({
            value: status,
            label: <span data-testid={`field-status-${status}`}>{t(`users.statuses.${status}`)}</span>,
          }))}
        />
      </Form.Item>
      <Form.Item name="staff_authority_id" label={t('users.staffAuthority')} rules={[model.choiceRule]}>
        <Select
          loading={authorities.isPending}
          options={authorities.data?.data.map((authority) => ({ value: authority.id, label: authority.name }))}
          optionRender={(option) => <span data-testid={`staff-authority-option-${option.value}`}>{option.label}</span>}
          data-testid="field-staff_authority_id"
        />
      </Form.Item>
      <Form.Item name="line_account_ids" label={t('users.channels')} rules={[model.rule('line_account_ids')]}>
        <Checkbox.Group
          options={channels.data?.data.map((channel) => ({
            value: channel.id,
            label: <span data-testid={`field-line_account_ids-${channel.id}`}>{channel.name}</span>,
          }))}
        />
      </Form.Item>
    </FormShell>
  );
}
