import { billingApi, type BillingOverview, type InvoiceSummary } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { download, saveBlob } from '../../../app/api/download.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { endpointQuery, invalidateEndpoints, useEndpointMutation } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { yen } from '../../../components/money.ts';
import '../../../app/i18n/parts/billing.ts';

const dateOf = (day: string) => day.replaceAll('-', '/');
const STATUS_COLOURS = { active: 'green', past_due: 'orange', read_only: 'red' } as const;
const INVOICE_COLOURS = { open: 'blue', paid: 'green', past_due: 'red', void: 'default' } as const;

/** Back from the provider's hosted checkout: the card and subscription are recorded once. */
function useCheckoutReturn() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('checkout');
  const complete = useEndpointMutation(billingApi.completeCheckout, { handles: [400] });
  const started = useRef(false);
  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    complete
      .mutateAsync({ body: { session_id: sessionId } })
      .then(() => feedback.notifySuccess(t('billing.checkoutDone')))
      .catch((error: unknown) => {
        if (isApiError(error)) feedback.notifyError(t('billing.checkoutFailed'), error.message);
      })
      .finally(() => {
        setParams({}, { replace: true });
        void invalidateEndpoints(billingApi.overview, billingApi.standing);
      });
  }, [complete, sessionId, setParams, t]);
}

function MethodCard({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation();
  const checkout = useEndpointMutation(billingApi.checkout, { handles: [400] });
  const portal = useEndpointMutation(billingApi.portal, { handles: [400] });
  // The provider's hosted pages are another site: the browser goes there and comes back.
  const go = async (start: () => Promise<{ data: { url: string } }>) => {
    try {
      window.location.assign((await start()).data.url);
    } catch (error) {
      if (isApiError(error)) feedback.notifyError(t('billing.checkoutFailed'), error.message);
    }
  };
  return (
    <Card title={t('billing.method')} style={{ marginBottom: 16 }}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('billing.method')}>
          <span data-testid="payment-method">{t(`billing.methods.${overview.method}`)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('billing.card')}>
          <span data-testid="payment-card">
            {overview.card ? `${overview.card.brand.toUpperCase()} •••• ${overview.card.last4}` : t('billing.noCard')}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('billing.standing')}>
          <Tag color={STATUS_COLOURS[overview.status]} data-testid="payment-status">
            {t(`billing.statuses.${overview.status}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('billing.nextInvoice')}>
          <span data-testid="next-invoice">
            {overview.next_invoice
              ? t('billing.nextInvoiceBody', {
                  date: dateOf(overview.next_invoice.issued_on),
                  total: yen(overview.next_invoice.total_yen),
                  subtotal: yen(overview.next_invoice.subtotal_yen),
                  tax: yen(overview.next_invoice.tax_yen),
                })
              : t('billing.noNextInvoice')}
          </span>
        </Descriptions.Item>
      </Descriptions>
      {overview.card_available ? (
        <Space style={{ marginTop: 12 }}>
          {overview.method === 'card' ? (
            <Button
              onClick={() => void go(() => portal.mutateAsync({}))}
              loading={portal.isPending}
              data-testid="change-card"
            >
              {t('billing.changeCard')}
            </Button>
          ) : (
            <Button
              type="primary"
              onClick={() => void go(() => checkout.mutateAsync({}))}
              loading={checkout.isPending}
              disabled={!overview.plan}
              data-testid="pay-by-card"
            >
              {t('billing.payByCard')}
            </Button>
          )}
        </Space>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('billing.cardUnavailable')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

function History({ invoices }: { invoices: InvoiceSummary[] }) {
  const { t } = useTranslation();
  const pdf = async (invoice: InvoiceSummary) => {
    const { blob, filename } = await download(billingApi.invoicePdf, { params: { id: invoice.id } });
    saveBlob(blob, filename ?? `${invoice.number}.pdf`);
  };
  return (
    <Card title={t('billing.history')}>
      <Table<InvoiceSummary>
        rowKey="id"
        dataSource={invoices}
        pagination={false}
        locale={{ emptyText: t('billing.noInvoices') }}
        data-testid="invoice-history"
        scroll={{ x: true }}
        columns={[
          { title: t('billing.columns.number'), dataIndex: 'number' },
          {
            title: t('billing.columns.period'),
            render: (_, invoice) => `${dateOf(invoice.period.start)} 〜 ${dateOf(invoice.period.end)}`,
          },
          { title: t('billing.columns.issued_on'), render: (_, invoice) => dateOf(invoice.issued_on) },
          { title: t('billing.columns.due_on'), render: (_, invoice) => dateOf(invoice.due_on) },
          { title: t('billing.columns.total'), align: 'right', render: (_, invoice) => yen(invoice.total_yen) },
          {
            title: t('billing.columns.status'),
            render: (_, invoice) => (
              <Tag color={INVOICE_COLOURS[invoice.status]}>{t(`billing.invoiceStatuses.${invoice.status}`)}</Tag>
            ),
          },
          {
            title: t('billing.columns.pdf'),
            render: (_, invoice) => (
              <Button size="small" onClick={() => void pdf(invoice)} data-testid={`invoice-pdf-${invoice.number}`}>
                {t('billing.downloadPdf')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** How the account pays: method, card, standing, the next invoice and the billing history with PDFs. */
export default function PaymentPage() {
  useCheckoutReturn();
  const overview = useQuery(endpointQuery(billingApi.overview, {}));
  return (
    <>
      <PageHeader />
      {overview.data ? (
        <>
          <MethodCard overview={overview.data.data} />
          <History invoices={overview.data.data.invoices} />
        </>
      ) : (
        <Card>
          <LoadState error={overview.error} backTo="/account" onRetry={() => void overview.refetch()} />
        </Card>
      )}
    </>
  );
}
