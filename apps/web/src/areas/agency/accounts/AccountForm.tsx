import { agencyAccountsApi } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Divider, Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { timeZoneOptions } from '../../../components/format.ts';
import { FormShell, type ResourceFormModel } from '../../../components/ResourceForm.tsx';
import '../../../app/i18n/parts/agency-accounts.ts';

export interface AccountFormValues {
  name: string;
  owner_name?: string;
  owner_email?: string;
  oem_plan_id: number | null;
  time_zone: string;
}

interface AccountFormProps {
  model: ResourceFormModel<AccountFormValues, 'name' | 'time_zone'>;
  /** On create: the owner's fields, with their rules. */
  ownerRules?: Record<'owner_name' | 'owner_email', Rule>;
  initialValues: AccountFormValues;
  /** On edit: the account's plan, kept selectable though retired. */
  currentPlanId?: number | null;
  cancelTo: string;
}

/** A client account's company, owner (on create), OEM plan of the agency's OEM and time zone. */
export function AccountForm({ model, ownerRules, initialValues, currentPlanId, cancelTo }: AccountFormProps) {
  const { t, i18n } = useTranslation();
  const timeZones = useMemo(
    () => timeZoneOptions(i18n.language, initialValues.time_zone),
    [i18n.language, initialValues.time_zone],
  );
  const plans = useQuery(endpointQuery(agencyAccountsApi.plans, {}));
  const planOptions = (plans.data?.data ?? [])
    .filter((plan) => plan.status === 'active' || plan.id === currentPlanId)
    .map((plan) => ({
      value: plan.id,
      label: plan.status === 'retired' ? `${plan.name}（${t('agencyAccounts.retired')}）` : plan.name,
    }));

  return (
    <FormShell model={model} initialValues={initialValues} cancelTo={cancelTo}>
      <Form.Item name="name" label={t('agencyAccounts.name')} rules={[model.rule('name')]}>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      {ownerRules && (
        <>
          <Form.Item name="owner_name" label={t('agencyAccounts.ownerName')} rules={[ownerRules.owner_name]}>
            <Input maxLength={100} data-testid="field-owner_name" />
          </Form.Item>
          <Form.Item
            name="owner_email"
            label={t('agencyAccounts.ownerEmail')}
            extra={t('agencyAccounts.ownerHint')}
            rules={[ownerRules.owner_email]}
          >
            <Input type="email" maxLength={255} autoComplete="off" data-testid="field-owner_email" />
          </Form.Item>
        </>
      )}
      <Divider />
      <Form.Item name="oem_plan_id" label={t('agencyAccounts.plan')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={plans.isPending}
          placeholder={t('agencyAccounts.noPlan')}
          options={planOptions}
          optionRender={(option) => <span data-testid={`plan-option-${option.value}`}>{option.label}</span>}
          data-testid="field-oem_plan_id"
        />
      </Form.Item>
      <Form.Item name="time_zone" label={t('agencyAccounts.timeZone')} rules={[model.rule('time_zone')]}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={timeZones} data-testid="field-time_zone" />
      </Form.Item>
    </FormShell>
  );
}
