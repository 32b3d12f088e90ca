import { ADMIN_STATUSES, type AdminUser } from '@linq/contract';
import { Alert, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormShell, type ResourceFormModel } from '../../../components/ResourceForm.tsx';
import '../../../app/i18n/parts/admins.ts';

export interface AdminFormValues {
  name: string;
  email: string;
  status?: AdminUser['status'];
}

interface AdminFormProps {
  mode: 'create' | 'edit';
  model: ResourceFormModel<AdminFormValues, 'name' | 'email'>;
  initialValues: AdminFormValues;
  cancelTo: string;
}

export function AdminForm({ mode, model, initialValues, cancelTo }: AdminFormProps) {
  const { t } = useTranslation();
  const status = Form.useWatch('status', model.form);
  return (
    <FormShell model={model} initialValues={initialValues} cancelTo={cancelTo}>
      <Form.Item name="name" label={t('admins.name')} rules={[model.rule('name')]}>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('admins.email')}
        extra={mode === 'create' ? t('admins.inviteHint') : undefined}
        rules={[model.rule('email')]}
      >
        <Input type="email" maxLength={255} autoComplete="off" data-testid="field-email" />
      </Form.Item>
      {mode === 'edit' && (
        <Form.Item name="status" label={t('admins.status')} rules={[model.choiceRule]}>
          <Radio.Group
            options={ADMIN_STATUSES.map((value) => ({
              value,
              label: <span data-testid={`field-status-${value}`}>{t(`admins.statuses.${value}`)}</span>,
            }))}
          />
        </Form.Item>
      )}
      {status === 'disabled' && (
        <Alert type="warning" showIcon title={t('admins.disableHint')} style={{ marginBottom: 16 }} />
      )}
    </FormShell>
  );
}
