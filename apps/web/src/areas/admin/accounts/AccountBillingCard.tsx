import { adminBillingApi, type AdminAccountBilling, type InvoiceSummary } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { download, saveBlob } from '../../../app/api/download.ts';
import { endpointQuery, invalidateEndpoints, useEndpointMutation } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { formatDateTime } from '../../../components/format.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { yen } from '../../../components/money.ts';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/admin-accounts.ts';
import '../../../app/i18n/parts/billing.ts';

const dateOf = (day: string) => day.replaceAll('-', '/');
const STANDING_COLOURS = { active: 'green', past_due: 'orange', read_only: 'red' } as const;
const INVOICE_COLOURS = { open: 'blue', paid: 'green', past_due: 'red', void: 'default' } as const;

/** A bank transfer the admin can record: an unpaid invoice paid by transfer (a card's the provider settles). */
const awaitsTransfer = (invoice: InvoiceSummary) =>
  invoice.method === 'invoice' && (invoice.status === 'open' || invoice.status === 'past_due');

function Standing({ billing }: { billing: AdminAccountBilling }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Tag color={STANDING_COLOURS[billing.status]} data-testid="billing-status">
        {t(`billing.statuses.${billing.status}`)}
      </Tag>
      {billing.status !== 'active' && billing.grace_until && (
        <Typography.Text type="secondary" data-testid="billing-grace-until">
          {t(billing.status === 'past_due' ? 'adminAccounts.graceUntil' : 'adminAccounts.graceEnded', {
            date: formatDateTime(billing.grace_until),
          })}
        </Typography.Text>
      )}
    </Space>
  );
}

function Invoices({ accountId, invoices }: { accountId: number; invoices: InvoiceSummary[] }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const oemId = useActingOem();
  const markPaid = useEndpointMutation(adminBillingApi.markPaid);
  const pdf = async (invoice: InvoiceSummary) => {
    const { blob, filename } = await download(adminBillingApi.invoicePdf, {
      params: { id: accountId, invoiceId: invoice.id },
      query: { oem_id: oemId },
    });
    saveBlob(blob, filename ?? `${invoice.number}.pdf`);
  };
  const confirmPaid = (invoice: InvoiceSummary) => {
    modal.confirm({
      title: t('adminAccounts.markPaidTitle'),
      content: t('adminAccounts.markPaidBody', { number: invoice.number, total: yen(invoice.total_yen) }),
      okText: t('adminAccounts.markPaid'),
      okButtonProps: { 'data-testid': 'mark-paid-confirm' },
      onOk: async () => {
        await markPaid.mutateAsync({ params: { id: accountId, invoiceId: invoice.id }, query: { oem_id: oemId } });
        await invalidateEndpoints(adminBillingApi.accountBilling);
        feedback.notifySuccess(t('adminAccounts.markedPaid'));
      },
    });
  };
  return (
    <Table<InvoiceSummary>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={invoices}
      locale={{ emptyText: t('adminAccounts.noInvoices') }}
      data-testid="admin-invoices"
      scroll={{ x: true }}
      columns={[
        { title: t('billing.columns.number'), key: 'number', render: (_, invoice) => invoice.number },
        {
          title: t('billing.columns.period'),
          key: 'period',
          render: (_, invoice) => `${dateOf(invoice.period.start)} 〜 ${dateOf(invoice.period.end)}`,
        },
        {
          title: t('billing.columns.total'),
          key: 'total',
          align: 'right',
          render: (_, invoice) => yen(invoice.total_yen),
        },
        { title: t('billing.columns.due_on'), key: 'due_on', render: (_, invoice) => dateOf(invoice.due_on) },
        {
          title: t('billing.columns.status'),
          key: 'status',
          render: (_, invoice) => (
            <Tag color={INVOICE_COLOURS[invoice.status]} data-testid={`invoice-status-${invoice.number}`}>
              {t(`billing.invoiceStatuses.${invoice.status}`)}
            </Tag>
          ),
        },
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_, invoice) => (
            <Space>
              <Button size="small" onClick={() => void pdf(invoice)} data-testid={`invoice-pdf-${invoice.number}`}>
                {t('billing.downloadPdf')}
              </Button>
              {awaitsTransfer(invoice) && (
                <Button
                  size="small"
                  type="primary"
                  onClick={() => confirmPaid(invoice)}
                  data-testid={`mark-paid-${invoice.number}`}
                >
                  {t('adminAccounts.markPaid')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}

/** The account's billing for its OEM's admin: how it pays, its standing, and its invoices to record transfers on. */
export function AccountBillingCard({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const oemId = useActingOem();
  const billing = useQuery(
    endpointQuery(adminBillingApi.accountBilling, { params: { id: accountId }, query: { oem_id: oemId } }),
  );
  return (
    <Card title={t('adminAccounts.billing')} style={{ marginTop: 16 }} data-testid="account-billing">
      {billing.data ? (
        <>
          <Descriptions
            column={1}
            size="small"
            style={{ marginBottom: 16 }}
            items={[
              {
                key: 'method',
                label: t('billing.method'),
                children: <span data-testid="billing-method">{t(`billing.methods.${billing.data.data.method}`)}</span>,
              },
              {
                key: 'plan',
                label: t('adminAccounts.plan'),
                children: billing.data.data.plan?.name ?? t('adminAccounts.noPlan'),
              },
              { key: 'status', label: t('billing.standing'), children: <Standing billing={billing.data.data} /> },
            ]}
          />
          <Invoices accountId={accountId} invoices={billing.data.data.invoices} />
        </>
      ) : (
        <LoadState error={billing.error} backTo={LIST_PATH} onRetry={() => void billing.refetch()} />
      )}
    </Card>
  );
}
