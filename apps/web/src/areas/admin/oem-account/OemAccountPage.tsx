import { oemAccountInput, oemsApi, type OemAccount, type OemAccountInput } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Divider, Form, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { call } from '../../../app/api/call.ts';
import { endpointQuery } from '../../../app/api/queries.ts';
import { formatDateTime } from '../../../components/format.ts';
import { LoadState } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { FormShell, useResourceForm } from '../../../components/ResourceForm.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import '../../../app/i18n/parts/oems.ts';

const PATH = '/admin/oem-account';
const ADMINS_PATH = '/admin/admins';

type Values = Required<{ [K in keyof OemAccountInput]: string }>;

function valuesOf(account: OemAccount): Values {
  return {
    company_name: account.company_name ?? '',
    company_address: account.company_address ?? '',
    company_phone: account.company_phone ?? '',
    contact_name: account.contact_name ?? '',
    contact_email: account.contact_email ?? '',
    billing_name: account.billing_name ?? '',
    billing_email: account.billing_email ?? '',
    invoice_registration_number: account.invoice_registration_number ?? '',
    landing_text: account.landing_text ?? '',
  };
}

function AccountForm({ account, oemId }: { account: OemAccount; oemId: number | undefined }) {
  const { t } = useTranslation();
  const model = useResourceForm({
    schema: oemAccountInput,
    save: (values: Values) => call(oemsApi.updateAccount, { query: { oem_id: oemId }, body: values }),
    notice: 'saved',
    changes: [oemsApi.account],
    next: () => PATH,
  });
  const text = (name: keyof Values, label: string, type?: 'email' | 'tel') => (
    <Form.Item name={name} label={label} rules={[model.rule(name)]}>
      <Input type={type} maxLength={200} data-testid={`field-${name}`} />
    </Form.Item>
  );
  return (
    <FormShell model={model} initialValues={valuesOf(account)} cancelTo={PATH}>
      <Divider titlePlacement="start">{t('oemAccount.company')}</Divider>
      {text('company_name', t('oemAccount.companyName'))}
      {text('company_address', t('oemAccount.companyAddress'))}
      {text('company_phone', t('oemAccount.companyPhone'), 'tel')}
      <Divider titlePlacement="start">{t('oemAccount.contact')}</Divider>
      {text('contact_name', t('oemAccount.contactName'))}
      {text('contact_email', t('oemAccount.contactEmail'), 'email')}
      <Divider titlePlacement="start">{t('oemAccount.billing')}</Divider>
      {text('billing_name', t('oemAccount.billingName'))}
      {text('billing_email', t('oemAccount.billingEmail'), 'email')}
      {text('invoice_registration_number', t('oemAccount.invoiceRegistrationNumber'))}
      <Divider titlePlacement="start">{t('oemAccount.landing')}</Divider>
      <Form.Item
        name="landing_text"
        label={t('oems.landingText')}
        extra={t('oems.landingTextHint')}
        rules={[model.rule('landing_text')]}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={2000}
          showCount
          data-testid="field-landing_text"
        />
      </Form.Item>
    </FormShell>
  );
}

function Admins({ admins }: { admins: OemAccount['admins'] }) {
  const { t } = useTranslation();
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={admins}
      locale={{ emptyText: t('oemAccount.noAdmins') }}
      data-testid="oem-admins"
      columns={[
        { title: t('oemAccount.adminName'), key: 'name', render: (_, admin) => admin.name },
        { title: t('oemAccount.adminEmail'), key: 'email', render: (_, admin) => admin.email },
        {
          title: t('oemAccount.adminStatus'),
          key: 'status',
          render: (_, admin) => (
            <Tag color={admin.status === 'active' ? 'success' : 'default'}>
              {t(`oemAccount.adminStatuses.${admin.status}`)}
            </Tag>
          ),
        },
        {
          title: t('oemAccount.lastLogin'),
          key: 'last_login_at',
          responsive: ['md'],
          render: (_, admin) => (admin.last_login_at ? formatDateTime(admin.last_login_at) : t('oemAccount.never')),
        },
      ]}
    />
  );
}

/** The acting OEM's own company, contact and billing details, its landing text and its admins. */
export default function OemAccountPage() {
  const { t } = useTranslation();
  const oemId = useActingOem();
  const account = useQuery(endpointQuery(oemsApi.account, { query: { oem_id: oemId } }));
  const data = account.data?.data;

  return (
    <>
      <PageHeader />
      {!data ? (
        <Card>
          <LoadState error={account.error} backTo="/admin" onRetry={() => void account.refetch()} />
        </Card>
      ) : (
        <>
          <Card style={{ marginBottom: 16 }}>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                {
                  key: 'oem',
                  label: t('oemAccount.oem'),
                  children: <span data-testid="oem-account-name">{data.oem.service_name}</span>,
                },
                { key: 'domain', label: t('oemAccount.domain'), children: data.oem.domain },
              ]}
            />
          </Card>
          <Card style={{ marginBottom: 16 }}>
            <AccountForm key={`${data.oem.id}-${data.updated_at}`} account={data} oemId={oemId} />
          </Card>
          <Card
            title={t('oemAccount.admins')}
            extra={
              <Link to={ADMINS_PATH}>
                <Button data-testid="manage-admins">{t('oemAccount.manageAdmins')}</Button>
              </Link>
            }
          >
            <Admins admins={data.admins} />
          </Card>
        </>
      )}
    </>
  );
}
