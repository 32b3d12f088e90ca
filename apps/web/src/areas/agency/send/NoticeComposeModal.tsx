import {
  agencyAccountsApi,
  agencyNoticesApi,
  NEWS_BODY_MAX,
  NEWS_TITLE_MAX,
  NOTICE_AUDIENCES,
  NOTICE_CONTRACT_STATES,
  type NoticeAudience,
  type NoticeAudienceBody,
  type NoticeContractState,
} from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Form, Input, Radio, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api/call.ts';
import { endpointQuery, invalidateEndpoints } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { Markdown } from '../../../components/markdown/Markdown.tsx';
import '../../../app/i18n/parts/agency-notices.ts';

type Timing = 'now' | 'scheduled';

interface ComposeValues {
  title: string;
  body: string;
  audience: NoticeAudience;
  oem_plan_id: number | null;
  contract_state: NoticeContractState | null;
  account_ids: number[];
  timing: Timing;
  send_at: Dayjs | null;
}

const INITIAL: ComposeValues = {
  title: '',
  body: '',
  audience: 'all',
  oem_plan_id: null,
  contract_state: null,
  account_ids: [],
  timing: 'now',
  send_at: null,
};

/** The fields a 422 answer may name. */
const FIELDS = ['title', 'body', 'audience', 'oem_plan_id', 'contract_state', 'account_ids', 'send_at'] as const;

/** The audience as the server takes it: only what the chosen kind names. */
function audienceOf(values: Pick<ComposeValues, 'audience' | 'oem_plan_id' | 'contract_state' | 'account_ids'>) {
  return {
    audience: values.audience,
    oem_plan_id: values.audience === 'plan' ? values.oem_plan_id : null,
    contract_state: values.audience === 'contract' ? values.contract_state : null,
    account_ids: values.audience === 'picked' ? (values.account_ids ?? []) : [],
  } satisfies NoticeAudienceBody;
}

/** Whether the audience names all it needs (the count is asked only then). */
const complete = (audience: NoticeAudienceBody) =>
  (audience.audience !== 'plan' || audience.oem_plan_id != null) &&
  (audience.audience !== 'contract' || audience.contract_state != null) &&
  (audience.audience !== 'picked' || (audience.account_ids?.length ?? 0) > 0);

/** How many accounts the chosen audience reaches now. */
function ReachCount({ audience }: { audience: NoticeAudienceBody }) {
  const { t } = useTranslation();
  const ready = complete(audience);
  const reach = useQuery({
    ...endpointQuery(agencyNoticesApi.preview, { body: audience }, { handles: 'http' }),
    enabled: ready,
  });
  if (!ready) return null;
  if (reach.isError) return <Alert type="warning" showIcon message={t('agencyNotices.reachUnknown')} />;
  return (
    <Alert
      type="info"
      showIcon
      message={
        <span data-testid="notice-reach">
          {reach.data ? t('agencyNotices.reach', { count: reach.data.data.account_count }) : '…'}
        </span>
      }
      description={t('agencyNotices.reachHint')}
    />
  );
}

function ComposeFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ComposeValues>();
  const body = Form.useWatch('body', form) ?? '';
  const audience = Form.useWatch('audience', form) ?? INITIAL.audience;
  const planId = Form.useWatch('oem_plan_id', form) ?? null;
  const contractState = Form.useWatch('contract_state', form) ?? null;
  const accountIds = Form.useWatch('account_ids', form) ?? [];
  const timing = Form.useWatch('timing', form) ?? INITIAL.timing;
  const plans = useQuery({ ...endpointQuery(agencyAccountsApi.plans, {}), enabled: audience === 'plan' });
  const accounts = useQuery({ ...endpointQuery(agencyAccountsApi.options, {}), enabled: audience === 'picked' });
  const required = { required: true, message: t('common.selectRequired') };

  return (
    <>
      <Form.Item
        name="title"
        label={t('agencyNotices.title')}
        rules={[{ required: true, whitespace: true, message: t('agencyNotices.required') }]}
      >
        <Input maxLength={NEWS_TITLE_MAX} showCount autoFocus data-testid="field-title" />
      </Form.Item>
      <Form.Item
        name="body"
        label={t('agencyNotices.body')}
        extra={t('agencyNotices.bodyHint')}
        rules={[{ required: true, whitespace: true, message: t('agencyNotices.required') }]}
      >
        <Input.TextArea rows={6} maxLength={NEWS_BODY_MAX} data-testid="field-body" />
      </Form.Item>
      {body.trim() && (
        <Card size="small" title={t('agencyNotices.preview')} style={{ marginBottom: 24 }}>
          <Markdown source={body} testId="notice-preview" />
        </Card>
      )}
      <Form.Item name="audience" label={t('agencyNotices.audience')} rules={[required]}>
        <Radio.Group
          options={NOTICE_AUDIENCES.map((value) => ({
            value,
            label: <span data-testid={`field-audience-${value}`}>{t(`agencyNotices.audiences.${value}`)}</span>,
          }))}
        />
      </Form.Item>
      {audience === 'plan' && (
        <Form.Item name="oem_plan_id" label={t('agencyNotices.plan')} rules={[required]}>
          <Select
            loading={plans.isPending}
            placeholder={t('agencyNotices.choosePlan')}
            options={plans.data?.data.map((plan) => ({
              value: plan.id,
              label: (
                <span>
                  {plan.name} {plan.status === 'retired' && <Tag>{t('agencyNotices.retired')}</Tag>}
                </span>
              ),
            }))}
            data-testid="field-oem_plan_id"
          />
        </Form.Item>
      )}
      {audience === 'contract' && (
        <Form.Item name="contract_state" label={t('agencyNotices.contractState')} rules={[required]}>
          <Radio.Group
            options={NOTICE_CONTRACT_STATES.map((value) => ({
              value,
              label: (
                <span data-testid={`field-contract_state-${value}`}>{t(`agencyNotices.contractStates.${value}`)}</span>
              ),
            }))}
          />
        </Form.Item>
      )}
      {audience === 'picked' && (
        <Form.Item name="account_ids" label={t('agencyNotices.accounts')} rules={[required]}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={accounts.isPending}
            placeholder={t('agencyNotices.chooseAccounts')}
            options={accounts.data?.data.map((account) => ({ value: account.id, label: account.name }))}
            optionRender={(option) => <span data-testid={`account-option-${option.value}`}>{option.label}</span>}
            data-testid="field-account_ids"
          />
        </Form.Item>
      )}
      <div style={{ marginBottom: 24 }}>
        <ReachCount
          audience={audienceOf({
            audience,
            oem_plan_id: planId,
            contract_state: contractState,
            account_ids: accountIds,
          })}
        />
      </div>
      <Form.Item name="timing" label={t('agencyNotices.timing')}>
        <Radio.Group
          options={(['now', 'scheduled'] as const).map((value) => ({
            value,
            label: <span data-testid={`field-timing-${value}`}>{t(`agencyNotices.timings.${value}`)}</span>,
          }))}
        />
      </Form.Item>
      {timing === 'scheduled' && (
        <Form.Item
          name="send_at"
          label={t('agencyNotices.sendAt')}
          rules={[{ required: true, message: t('agencyNotices.sendAtRequired') }]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: 220 }}
            data-testid="field-send_at"
          />
        </Form.Item>
      )}
    </>
  );
}

/** Writes a notice to the agency's client accounts: sent at once, or scheduled. */
export function NoticeComposeModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const submit = async (values: ComposeValues) => {
    const scheduled = values.timing === 'scheduled';
    await call(agencyNoticesApi.create, {
      body: {
        title: values.title,
        body: values.body,
        ...audienceOf(values),
        send_at: scheduled && values.send_at ? values.send_at.format() : null,
      },
    });
    feedback.notifySuccess(t(scheduled ? 'agencyNotices.scheduled' : 'agencyNotices.sent'));
    await invalidateEndpoints(agencyNoticesApi.list, agencyNoticesApi.get);
  };
  return (
    <FormModal<ComposeValues>
      title={t('agencyNotices.composeTitle')}
      initialValues={INITIAL}
      fieldNames={FIELDS}
      onSubmit={submit}
      onClose={onClose}
      okText={t('agencyNotices.send')}
      width={720}
      okTestId="notice-submit"
      cancelTestId="notice-cancel"
    >
      <ComposeFields />
    </FormModal>
  );
}
