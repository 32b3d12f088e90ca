import { agenciesApi, oemPlansApi, TENANT_STATUSES, type TenantStatus } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Divider, Form, Input, Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { timeZoneOptions } from '../../../components/format.ts';
import { FormShell, type ResourceFormModel } from '../../../components/ResourceForm.tsx';
import '../../../app/i18n/parts/admin-accounts.ts';

export interface AccountFormValues {
  name: string;
  owner_name?: string;
  owner_email?: string;
  agency_id: number | null;
  oem_plan_id: number | null;
  time_zone: string;
  status: TenantStatus;
}

interface AccountFormProps {
  model: ResourceFormModel<AccountFormValues, 'name' | 'time_zone'>;
  /** On create: the owner's fields, with their rules. */
  ownerRules?: Record<'owner_name' | 'owner_email', Rule>;
  initialValues: AccountFormValues;
  oemId: number | undefined;
  /** On edit: the account's plan, kept selectable though retired. */
  currentPlanId?: number | null;
  cancelTo: string;
}

/** The largest page a list returns: every plan and agency of an OEM, for the pickers. */
const ALL = 1000;

export function AccountForm({ model, ownerRules, initialValues, oemId, currentPlanId, cancelTo }: AccountFormProps) {
  const { t, i18n } = useTranslation();
  const timeZones = useMemo(
    () => timeZoneOptions(i18n.language, initialValues.time_zone),
    [i18n.language, initialValues.time_zone],
  );
  const status = Form.useWatch('status', model.form);
  const agencies = useQuery(endpointQuery(agenciesApi.options, { query: { oem_id: oemId } }));
  const plans = useQuery(endpointQuery(oemPlansApi.list, { query: { oem_id: oemId, page: 1, limit: ALL } }));
  const planOptions = (plans.data?.data ?? [])
    .filter((plan) => plan.status === 'active' || plan.id === currentPlanId)
    .map((plan) => ({
      value: plan.id,
      label: plan.status === 'retired' ? `${plan.name}（${t('adminAccounts.retired')}）` : plan.name,
    }));

  return (
    <FormShell model={model} initialValues={initialValues} cancelTo={cancelTo}>
      <Form.Item name="name" label={t('adminAccounts.name')} rules={[model.rule('name')]}>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      {ownerRules && (
        <>
          <Form.Item name="owner_name" label={t('adminAccounts.ownerName')} rules={[ownerRules.owner_name]}>
            <Input maxLength={100} data-testid="field-owner_name" />
          </Form.Item>
          <Form.Item
            name="owner_email"
            label={t('adminAccounts.ownerEmail')}
            extra={t('adminAccounts.ownerHint')}
            rules={[ownerRules.owner_email]}
          >
            <Input type="email" maxLength={255} autoComplete="off" data-testid="field-owner_email" />
          </Form.Item>
        </>
      )}
      <Divider />
      <Form.Item name="agency_id" label={t('adminAccounts.agency')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={agencies.isPending}
          placeholder={t('adminAccounts.noAgency')}
          options={agencies.data?.data.map((agency) => ({ value: agency.id, label: agency.name }))}
          optionRender={(option) => <span data-testid={`agency-option-${option.value}`}>{option.label}</span>}
          data-testid="field-agency_id"
        />
      </Form.Item>
      <Form.Item name="oem_plan_id" label={t('adminAccounts.plan')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={plans.isPending}
          placeholder={t('adminAccounts.noPlan')}
          options={planOptions}
          optionRender={(option) => <span data-testid={`plan-option-${option.value}`}>{option.label}</span>}
          data-testid="field-oem_plan_id"
        />
      </Form.Item>
      <Form.Item name="time_zone" label={t('adminAccounts.timeZone')} rules={[model.rule('time_zone')]}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={timeZones} data-testid="field-time_zone" />
      </Form.Item>
      <Form.Item name="status" label={t('adminAccounts.status')} rules={[model.choiceRule]}>
        <Radio.Group
          options={TENANT_STATUSES.map((value) => ({
            value,
            label: <span data-testid={`field-status-${value}`}>{t(`adminAccounts.statuses.${value}`)}</span>,
          }))}
        />
      </Form.Item>
      {status === 'suspended' && (
        <Alert type="warning" showIcon title={t('adminAccounts.suspendHint')} style={{ marginBottom: 16 }} />
      )}
    </FormShell>
  );
}
