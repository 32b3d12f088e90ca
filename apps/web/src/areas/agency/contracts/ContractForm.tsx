import { agencyAccountsApi, BILLING_CYCLES, type ContractBody } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { FormShell, type ResourceFormModel } from '../../../components/ResourceForm.tsx';
import { useSeesFees } from './fees.ts';
import '../../../app/i18n/parts/agency-contracts.ts';

/** The form's values: dates as pickers hold them. */
export interface ContractFormValues extends Omit<
  ContractBody,
  'start_date' | 'end_date' | 'account_id' | 'oem_plan_id'
> {
  account_id?: number;
  oem_plan_id?: number;
  start_date?: Dayjs;
  end_date?: Dayjs;
}

const DATE = 'YYYY-MM-DD';

/** The contract body the form's values make (the form's rules have made sure every choice is made). */
export function contractBodyOf(values: ContractFormValues): ContractBody {
  return {
    account_id: values.account_id ?? 0,
    oem_plan_id: values.oem_plan_id ?? 0,
    start_date: values.start_date?.format(DATE) ?? '',
    end_date: values.end_date?.format(DATE) ?? '',
    ...(values.monthly_fee_yen === undefined ? {} : { monthly_fee_yen: values.monthly_fee_yen }),
    billing_cycle: values.billing_cycle,
    auto_renewal: values.auto_renewal,
    notes: values.notes,
  };
}

export const toDay = (date: string): Dayjs => dayjs(date, DATE);

interface ContractFormProps {
  model: ResourceFormModel<ContractFormValues, 'notes'>;
  initialValues: ContractFormValues;
  currentPlanId?: number;
  cancelTo: string;
}

export function ContractForm({ model, initialValues, currentPlanId, cancelTo }: ContractFormProps) {
  const { t } = useTranslation();
  const seesFees = useSeesFees();
  const accounts = useQuery(endpointQuery(agencyAccountsApi.options, {}));
  const plans = useQuery(endpointQuery(agencyAccountsApi.plans, {}));
  const planOptions = (plans.data?.data ?? [])
    .filter((plan) => plan.status === 'active' || plan.id === currentPlanId)
    .map((plan) => ({
      value: plan.id,
      label: plan.status === 'retired' ? `${plan.name}（${t('agencyContracts.retired')}）` : plan.name,
    }));

  return (
    <FormShell model={model} initialValues={initialValues} cancelTo={cancelTo}>
      <Form.Item name="account_id" label={t('agencyContracts.account')} rules={[model.choiceRule]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={accounts.isPending}
          options={accounts.data?.data.map((account) => ({ value: account.id, label: account.name }))}
          optionRender={(option) => <span data-testid={`account-option-${option.value}`}>{option.label}</span>}
          data-testid="field-account_id"
        />
      </Form.Item>
      <Form.Item name="oem_plan_id" label={t('agencyContracts.plan')} rules={[model.choiceRule]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={plans.isPending}
          options={planOptions}
          optionRender={(option) => <span data-testid={`plan-option-${option.value}`}>{option.label}</span>}
          data-testid="field-oem_plan_id"
        />
      </Form.Item>
      <Form.Item name="start_date" label={t('agencyContracts.startDate')} rules={[model.choiceRule]}>
        <DatePicker format={DATE} data-testid="field-start_date" />
      </Form.Item>
      <Form.Item name="end_date" label={t('agencyContracts.endDate')} rules={[model.choiceRule]}>
        <DatePicker format={DATE} data-testid="field-end_date" />
      </Form.Item>
      {seesFees && (
        <Form.Item name="monthly_fee_yen" label={t('agencyContracts.monthlyFee')} rules={[{ required: true }]}>
          <InputNumber
            min={0}
            max={100_000_000}
            step={1000}
            style={{ width: 200 }}
            data-testid="field-monthly_fee_yen"
          />
        </Form.Item>
      )}
      <Form.Item name="billing_cycle" label={t('agencyContracts.billingCycle')} rules={[model.choiceRule]}>
        <Radio.Group
          options={BILLING_CYCLES.map((value) => ({
            value,
            label: (
              <span data-testid={`field-billing_cycle-${value}`}>{t(`agencyContracts.billingCycles.${value}`)}</span>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="auto_renewal"
        label={t('agencyContracts.autoRenewal')}
        extra={t('agencyContracts.autoRenewalHint')}
        valuePropName="checked"
      >
        <Switch data-testid="field-auto_renewal" />
      </Form.Item>
      <Form.Item name="notes" label={t('agencyContracts.notes')} rules={[model.rule('notes')]}>
        <Input.TextArea rows={3} maxLength={2000} data-testid="field-notes" />
      </Form.Item>
    </FormShell>
  );
}
