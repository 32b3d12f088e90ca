import { agencyContractsApi, type ContractChange, type ContractDetail, type ContractStatus } from '@linq/contract';
import { Alert, Button, Card, Descriptions, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/errors.ts';
import { invalidateEndpoints, useEndpointMutation } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { Link } from '../../../app/navigation.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useSeesFees } from './fees.ts';
import { ContractStatusTag } from './StatusTag.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/agency-contracts.ts';

type Move = Exclude<ContractStatus, 'draft' | 'ending'>;
const isMove = (status: ContractStatus): status is Move => status !== 'draft' && status !== 'ending';

function ContractDescriptions({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation();
  const seesFees = useSeesFees();
  return (
    <Descriptions
      column={1}
      bordered
      size="middle"
      data-testid="contract-detail"
      items={[
        {
          key: 'account',
          label: t('agencyContracts.account'),
          children: (
            <Link to={`/agency/accounts/${contract.account.id}`} data-testid="detail-account">
              {contract.account.name}
            </Link>
          ),
        },
        {
          key: 'plan',
          label: t('agencyContracts.plan'),
          children: (
            <Space>
              <span data-testid="detail-plan">{contract.plan.name}</span>
              {contract.plan.status === 'retired' && <Tag>{t('agencyContracts.retired')}</Tag>}
            </Space>
          ),
        },
        {
          key: 'period',
          label: t('agencyContracts.period'),
          children: <span data-testid="detail-period">{`${contract.start_date} 〜 ${contract.end_date}`}</span>,
        },
        ...(seesFees && contract.monthly_fee_yen !== undefined
          ? [
              {
                key: 'fee',
                label: t('agencyContracts.monthlyFee'),
                children: (
                  <span data-testid="detail-fee">
                    {t('agencyContracts.yen', { amount: contract.monthly_fee_yen.toLocaleString() })}
                  </span>
                ),
              },
            ]
          : []),
        {
          key: 'cycle',
          label: t('agencyContracts.billingCycle'),
          children: t(`agencyContracts.billingCycles.${contract.billing_cycle}`),
        },
        {
          key: 'renewal',
          label: t('agencyContracts.autoRenewal'),
          children: t(`agencyContracts.autoRenewals.${contract.auto_renewal ? 'on' : 'off'}`),
        },
        {
          key: 'status',
          label: t('agencyContracts.status'),
          children: <ContractStatusTag status={contract.status} testId="detail-status" />,
        },
        {
          key: 'notes',
          label: t('agencyContracts.notes'),
          children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{contract.notes || '-'}</Typography.Text>,
        },
        { key: 'created_at', label: t('common.createdAt'), children: formatDateTime(contract.created_at) },
        { key: 'updated_at', label: t('common.updatedAt'), children: formatDateTime(contract.updated_at) },
      ]}
    />
  );
}

function ChangeValue({ field, value }: { field: string; value: string | null }) {
  const { t } = useTranslation();
  if (value === null || value === '') return <>-</>;
  if (field === 'status') return <>{t(`agencyContracts.statuses.${value as ContractStatus}`)}</>;
  if (field === 'billing_cycle') return <>{t(`agencyContracts.billingCycles.${value as 'monthly' | 'yearly'}`)}</>;
  if (field === 'auto_renewal') return <>{t(`agencyContracts.autoRenewals.${value === 'true' ? 'on' : 'off'}`)}</>;
  if (field === 'monthly_fee_yen') return <>{t('agencyContracts.yen', { amount: Number(value).toLocaleString() })}</>;
  return <>{value}</>;
}

type FieldKey = keyof ReturnType<typeof useFieldLabels>;
function useFieldLabels() {
  const { t } = useTranslation();
  return {
    account: t('agencyContracts.fields.account'),
    plan: t('agencyContracts.fields.plan'),
    start_date: t('agencyContracts.fields.start_date'),
    end_date: t('agencyContracts.fields.end_date'),
    monthly_fee_yen: t('agencyContracts.fields.monthly_fee_yen'),
    billing_cycle: t('agencyContracts.fields.billing_cycle'),
    auto_renewal: t('agencyContracts.fields.auto_renewal'),
    notes: t('agencyContracts.fields.notes'),
    status: t('agencyContracts.fields.status'),
  };
}

function ContractHistory({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation();
  const labels = useFieldLabels();
  const labelOf = (field: string) => (field in labels ? labels[field as FieldKey] : field);
  return (
    <Card title={t('agencyContracts.history')} style={{ marginTop: 16 }}>
      <Table<ContractChange>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={contract.history}
        locale={{ emptyText: t('agencyContracts.noHistory') }}
        data-testid="contract-history"
        columns={[
          {
            title: t('agencyContracts.historyColumns.at'),
            key: 'at',
            render: (_, change) => formatDateTime(change.created_at),
          },
          {
            title: t('agencyContracts.historyColumns.action'),
            key: 'action',
            render: (_, change) => t(`agencyContracts.actions.${change.action}`),
          },
          {
            title: t('agencyContracts.historyColumns.by'),
            key: 'who',
            render: (_, change) => change.user_name ?? t('agencyContracts.byRules'),
          },
          {
            title: t('agencyContracts.historyColumns.changes'),
            key: 'changes',
            render: (_, change) => (
              <Space direction="vertical" size={0}>
                {Object.entries(change.changes).map(([field, [before, after]]) => (
                  <span key={field}>
                    {labelOf(field)}:{' '}
                    {change.action !== 'created' && (
                      <>
                        <ChangeValue field={field} value={before} /> →{' '}
                      </>
                    )}
                    <ChangeValue field={field} value={after} />
                  </span>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

function MoveButtons({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation();
  const move = useEndpointMutation(agencyContractsApi.transition, { handles: [422] });
  const run = async (status: Move) => {
    try {
      await move.mutateAsync({ params: { id: contract.id }, body: { status } });
    } catch (error) {
      // The server says why (an overlapping contract, a transition no longer allowed).
      if (isApiError(error, 422)) {
        const reason = Object.values(error.fieldErrors ?? {})[0]?.description ?? error.message;
        feedback.notifyError(t('agencyContracts.moveFailed'), reason);
      }
      return;
    }
    feedback.notifySuccess(t('agencyContracts.moved'));
    await invalidateEndpoints(agencyContractsApi.get, agencyContractsApi.list);
  };
  return (
    <>
      {contract.next_statuses.filter(isMove).map((status) => (
        <Popconfirm
          key={status}
          title={t(`agencyContracts.confirmMove.${status}`, { plan: contract.plan.name })}
          okText={t(`agencyContracts.moveTo.${status}`)}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: status !== 'active', 'data-testid': 'confirm-ok' }}
          // antd keeps the OK button loading until a returned promise settles, although its type says void.
          // eslint-disable-next-line @typescript-eslint/no-misused-promises
          onConfirm={() => run(status)}
        >
          <Button
            type={status === 'active' ? 'primary' : 'default'}
            danger={status !== 'active'}
            data-testid={`move-${status}`}
          >
            {t(`agencyContracts.moveTo.${status}`)}
          </Button>
        </Popconfirm>
      ))}
    </>
  );
}

export default function ContractDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordPage
      endpoint={agencyContractsApi.get}
      backTo={LIST_PATH}
      editTo={(id) => `${LIST_PATH}/${id}/edit`}
      extra={({ data }) => <MoveButtons contract={data} />}
    >
      {({ data }) => (
        <>
          <Alert type="info" showIcon title={t('agencyContracts.statusHint')} style={{ marginBottom: 16 }} />
          <ContractDescriptions contract={data} />
          <ContractHistory contract={data} />
        </>
      )}
    </RecordPage>
  );
}
