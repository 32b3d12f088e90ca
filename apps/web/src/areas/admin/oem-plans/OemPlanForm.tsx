import { OEM_PLAN_STATUSES, type OemPlanStatus } from '@linq/contract';
import { Divider, Form, Input, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormShell, type ResourceFormModel } from '../../../components/ResourceForm.tsx';
import { PlanPrice } from './PlanPrice.tsx';
import '../../../app/i18n/parts/oem-plans.ts';

export interface OemPlanFormValues {
  name: string;
  monthly_price_yen: number;
  max_channels: number;
  max_staff_users: number;
  max_monthly_messages: number;
  rich_menu_rules: boolean;
  forms: boolean;
  inflow_routes: boolean;
  status: OemPlanStatus;
}

type PlanField = 'name' | 'monthly_price_yen' | 'max_channels' | 'max_staff_users' | 'max_monthly_messages';

interface OemPlanFormProps {
  model: ResourceFormModel<OemPlanFormValues, PlanField>;
  initialValues: OemPlanFormValues;
  cancelTo: string;
}

export function OemPlanForm({ model, initialValues, cancelTo }: OemPlanFormProps) {
  const { t } = useTranslation();
  const price = Form.useWatch('monthly_price_yen', model.form);
  const count = (field: PlanField, label: string) => (
    <Form.Item name={field} label={label} rules={[model.rule(field)]}>
      <InputNumber min={0} precision={0} style={{ width: 220 }} data-testid={`field-${field}`} />
    </Form.Item>
  );
  const feature = (field: 'rich_menu_rules' | 'forms' | 'inflow_routes', label: string) => (
    <Form.Item name={field} label={label} valuePropName="checked">
      <Switch data-testid={`field-${field}`} />
    </Form.Item>
  );
  return (
    <FormShell model={model} initialValues={initialValues} cancelTo={cancelTo}>
      <Form.Item name="name" label={t('oemPlans.name')} rules={[model.rule('name')]}>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      <Form.Item
        name="monthly_price_yen"
        label={t('oemPlans.monthlyPrice')}
        extra={t('oemPlans.monthlyPriceHint')}
        rules={[model.rule('monthly_price_yen')]}
      >
        <InputNumber
          min={0}
          precision={0}
          addonAfter="円"
          style={{ width: 220 }}
          data-testid="field-monthly_price_yen"
        />
      </Form.Item>
      {typeof price === 'number' && price >= 0 && (
        <div style={{ maxWidth: 360, marginBottom: 24 }}>
          <PlanPrice priceExcludingTax={Math.floor(price)} />
        </div>
      )}
      <Divider titlePlacement="start">{t('oemPlans.limits')}</Divider>
      {count('max_channels', t('oemPlans.maxChannels'))}
      {count('max_staff_users', t('oemPlans.maxStaffUsers'))}
      {count('max_monthly_messages', t('oemPlans.maxMonthlyMessages'))}
      <Divider titlePlacement="start">{t('oemPlans.features')}</Divider>
      {feature('rich_menu_rules', t('oemPlans.richMenuRules'))}
      {feature('forms', t('oemPlans.forms'))}
      {feature('inflow_routes', t('oemPlans.inflowRoutes'))}
      <Form.Item name="status" label={t('oemPlans.status')} rules={[model.choiceRule]}>
        <Radio.Group
          options={OEM_PLAN_STATUSES.map((status) => ({
            value: status,
            label: <span data-testid={`field-status-${status}`}>{t(`oemPlans.statuses.${status}`)}</span>,
          }))}
        />
      </Form.Item>
    </FormShell>
  );
}
