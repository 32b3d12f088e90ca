import { billingApi, PLAN_FEATURES, type BillingPlan, type PaymentPlanView } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Popconfirm, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/errors.ts';
import { endpointQuery, invalidateEndpoints, useEndpointMutation } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { yen } from '../../../components/money.ts';
import '../../../app/i18n/parts/billing.ts';

const dateOf = (day: string) => day.replaceAll('-', '/');

function PlanCard({ plan, view }: { plan: BillingPlan; view: PaymentPlanView }) {
  const { t } = useTranslation();
  const change = useEndpointMutation(billingApi.changePlan, { handles: [403, 409, 422] });
  const current = view.current_plan_id === plan.id;
  const pending = view.pending?.plan_id === plan.id;
  const currentPlan = view.plans.find((candidate) => candidate.id === view.current_plan_id);
  const upgrade = !currentPlan || plan.price.excluding_tax > currentPlan.price.excluding_tax;
  const applyOn = dateOf(view.pending?.applies_on ?? view.period.end);

  const run = async () => {
    try {
      const result = await change.mutateAsync({ body: { plan_id: plan.id } });
      feedback.notifySuccess(t(result.data.applied === 'now' ? 'billing.upgraded' : 'billing.downgradeScheduled'));
    } catch (error) {
      // The server says why: usage over the plan's limits, a contract, a plan no longer offered.
      if (isApiError(error)) feedback.notifyError(t('billing.changeFailed'), error.message);
      return;
    }
    await invalidateEndpoints(billingApi.paymentPlan, billingApi.overview);
  };

  return (
    <Card
      title={
        <Space>
          {plan.name}
          {current && <Tag color="blue">{t('billing.current')}</Tag>}
          {pending && <Tag color="orange">{t('billing.pendingTag')}</Tag>}
        </Space>
      }
      style={current ? { borderColor: '#1677ff' } : undefined}
      data-testid={`plan-${plan.name}`}
    >
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {yen(plan.price.including_tax)}
        <Typography.Text type="secondary" style={{ fontSize: 14, marginLeft: 8 }}>
          {t('billing.perMonth')}
        </Typography.Text>
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('billing.excludingTax', { amount: yen(plan.price.excluding_tax) })}
      </Typography.Paragraph>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('billing.channels')}>{plan.max_channels.toLocaleString()}</Descriptions.Item>
        <Descriptions.Item label={t('billing.staffUsers')}>{plan.max_staff_users.toLocaleString()}</Descriptions.Item>
        <Descriptions.Item label={t('billing.monthlyMessages')}>
          {plan.max_monthly_messages.toLocaleString()}
        </Descriptions.Item>
        {PLAN_FEATURES.map((feature) => (
          <Descriptions.Item key={feature} label={t(`billing.features.${feature}`)}>
            {plan[feature] ? '✓' : '—'}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {!current && !pending && !view.locked && (
        <Popconfirm
          title={
            upgrade
              ? t('billing.confirmUpgrade', { plan: plan.name })
              : t('billing.confirmDowngrade', { plan: plan.name, date: applyOn })
          }
          okButtonProps={{ 'data-testid': 'confirm-ok' }}
          cancelText={t('common.cancel')}
          // antd keeps the OK button loading until a returned promise settles, although its type says void.
          // eslint-disable-next-line @typescript-eslint/no-misused-promises
          onConfirm={run}
        >
          <Button type={upgrade ? 'primary' : 'default'} block data-testid={`choose-${plan.name}`}>
            {t(upgrade ? 'billing.upgrade' : 'billing.downgrade')}
          </Button>
        </Popconfirm>
      )}
    </Card>
  );
}

function PendingNotice({ view }: { view: PaymentPlanView }) {
  const { t } = useTranslation();
  const cancel = useEndpointMutation(billingApi.cancelPending);
  if (!view.pending) return null;
  const run = async () => {
    await cancel.mutateAsync({});
    feedback.notifySuccess(t('billing.pendingCancelled'));
    await invalidateEndpoints(billingApi.paymentPlan, billingApi.overview);
  };
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="pending-plan"
      message={t('billing.pendingTitle', { plan: view.pending.name, date: dateOf(view.pending.applies_on) })}
      action={
        <Popconfirm
          title={t('billing.confirmCancelPending')}
          okButtonProps={{ 'data-testid': 'confirm-ok' }}
          cancelText={t('common.cancel')}
          // eslint-disable-next-line @typescript-eslint/no-misused-promises
          onConfirm={run}
        >
          <Button size="small" data-testid="cancel-pending">
            {t('billing.cancelPending')}
          </Button>
        </Popconfirm>
      }
    />
  );
}

/** The OEM's plans side by side: the current one marked, upgrade now, downgrade at the period end. */
export default function PaymentPlanPage() {
  const { t } = useTranslation();
  const plan = useQuery(endpointQuery(billingApi.paymentPlan, {}));
  const view = plan.data?.data;
  return (
    <>
      <PageHeader />
      {view ? (
        <>
          {view.locked && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="plan-locked"
              message={t('billing.lockedTitle')}
              description={t('billing.lockedBody')}
            />
          )}
          <PendingNotice view={view} />
          <Typography.Paragraph type="secondary">
            {t('billing.period', { start: dateOf(view.period.start), end: dateOf(view.period.end) })}
          </Typography.Paragraph>
          {view.plans.length === 0 ? (
            <Card>{t('billing.noPlans')}</Card>
          ) : (
            <Row gutter={[16, 16]}>
              {view.plans.map((candidate) => (
                <Col key={candidate.id} xs={24} md={12} xl={8}>
                  <PlanCard plan={candidate} view={view} />
                </Col>
              ))}
            </Row>
          )}
        </>
      ) : (
        <Card>
          <LoadState error={plan.error} backTo="/account" onRetry={() => void plan.refetch()} />
        </Card>
      )}
    </>
  );
}
