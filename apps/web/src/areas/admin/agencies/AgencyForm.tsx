import { TENANT_STATUSES, type TenantStatus } from '@linq/contract';
import { Alert, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormShell, type ResourceFormModel } from '../../../components/ResourceForm.tsx';
import '../../../app/i18n/parts/agencies.ts';

export interface AgencyFormValues {
  name: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  status: TenantStatus;
}

type AgencyField = 'name' | 'contact_name' | 'contact_email' | 'contact_phone';

interface AgencyFormProps {
  model: ResourceFormModel<AgencyFormValues, AgencyField>;
  initialValues: AgencyFormValues;
  cancelTo: string;
}

export function AgencyForm({ model, initialValues, cancelTo }: AgencyFormProps) {
  const { t } = useTranslation();
  const status = Form.useWatch('status', model.form);
  return (
    <FormShell model={model} initialValues={initialValues} cancelTo={cancelTo}>
      <Form.Item name="name" label={t('agencies.name')} rules={[model.rule('name')]}>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      <Form.Item name="contact_name" label={t('agencies.contactName')} rules={[model.rule('contact_name')]}>
        <Input maxLength={100} data-testid="field-contact_name" />
      </Form.Item>
      <Form.Item name="contact_email" label={t('agencies.contactEmail')} rules={[model.rule('contact_email')]}>
        <Input type="email" maxLength={255} data-testid="field-contact_email" />
      </Form.Item>
      <Form.Item name="contact_phone" label={t('agencies.contactPhone')} rules={[model.rule('contact_phone')]}>
        <Input inputMode="tel" maxLength={30} data-testid="field-contact_phone" />
      </Form.Item>
      <Form.Item name="status" label={t('agencies.status')} rules={[model.choiceRule]}>
        <Radio.Group
          options={TENANT_STATUSES.map((value) => ({
            value,
            label: <span data-testid={`field-status-${value}`}>{t(`agencies.statuses.${value}`)}</span>,
          }))}
        />
      </Form.Item>
      {status === 'suspended' && (
        <Alert type="warning" showIcon title={t('agencies.suspendHint')} style={{ marginBottom: 16 }} />
      )}
    </FormShell>
  );
}
