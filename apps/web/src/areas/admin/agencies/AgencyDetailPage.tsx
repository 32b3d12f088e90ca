import { agenciesApi, type AgencyDetail } from '@linq/contract';
import { Card, Descriptions, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { AgencyUsers } from './AgencyUsers.tsx';
import { TenantStatusTag } from './StatusTag.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/agencies.ts';

function AgencyDescriptions({ agency }: { agency: AgencyDetail }) {
  const { t } = useTranslation();
  const orDash = (text: string) => text || '-';
  return (
    <Descriptions
      column={1}
      bordered
      size="middle"
      data-testid="agency-detail"
      items={[
        { key: 'name', label: t('agencies.name'), children: <span data-testid="detail-name">{agency.name}</span> },
        { key: 'contact_name', label: t('agencies.contactName'), children: orDash(agency.contact_name) },
        { key: 'contact_email', label: t('agencies.contactEmail'), children: orDash(agency.contact_email) },
        { key: 'contact_phone', label: t('agencies.contactPhone'), children: orDash(agency.contact_phone) },
        { key: 'oem', label: t('agencies.oem'), children: agency.oem.name },
        {
          key: 'status',
          label: t('agencies.status'),
          children: <TenantStatusTag status={agency.status} testIdValue="detail-status" />,
        },
        { key: 'created_at', label: t('common.createdAt'), children: formatDateTime(agency.created_at) },
        { key: 'updated_at', label: t('common.updatedAt'), children: formatDateTime(agency.updated_at) },
      ]}
    />
  );
}

function AgencyAccounts({ agency }: { agency: AgencyDetail }) {
  const { t } = useTranslation();
  return (
    <Card title={t('agencies.accounts')} style={{ marginTop: 16 }}>
      <List
        dataSource={agency.accounts}
        locale={{ emptyText: t('agencies.noAccounts') }}
        renderItem={(account) => (
          <List.Item extra={<TenantStatusTag status={account.status} />}>
            <Link to={`/admin/accounts/${account.id}`} data-testid={`agency-account-${account.id}`}>
              {account.name}
            </Link>
          </List.Item>
        )}
      />
    </Card>
  );
}

export default function AgencyDetailPage() {
  const oemId = useActingOem();
  return (
    <RecordPage
      endpoint={agenciesApi.get}
      query={{ oem_id: oemId }}
      backTo={LIST_PATH}
      editTo={(id) => `${LIST_PATH}/${id}/edit`}
      remove={{ resource: agenciesApi, name: ({ data }) => data.name, changes: [agenciesApi.options] }}
    >
      {({ data }) => (
        <>
          <AgencyDescriptions agency={data} />
          <AgencyUsers agency={data} oemId={oemId} />
          <AgencyAccounts agency={data} />
        </>
      )}
    </RecordPage>
  );
}
