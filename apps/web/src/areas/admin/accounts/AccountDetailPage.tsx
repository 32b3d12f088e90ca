import { MailOutlined } from '@ant-design/icons';
import { adminAccountsApi, type AdminAccountDetail } from '@linq/contract';
import { Alert, Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { Link } from '../../../app/navigation.tsx';
import { formatDateTime, timeZoneName } from '../../../components/format.ts';
import { PlanUsageCard } from '../../../components/PlanUsageCard.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { useActingOem } from '../acting-oem/acting-oem.ts';
import { UserStateTag } from '../agencies/AgencyUsers.tsx';
import { TenantStatusTag } from '../agencies/StatusTag.tsx';
import { AccountBillingCard } from './AccountBillingCard.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/admin-accounts.ts';
import '../../../app/i18n/parts/agencies.ts';

function AccountDescriptions({ account }: { account: AdminAccountDetail }) {
  const { t, i18n } = useTranslation();
  return (
    <Descriptions
      column={1}
      bordered
      size="middle"
      data-testid="account-detail"
      items={[
        {
          key: 'name',
          label: t('adminAccounts.name'),
          children: <span data-testid="detail-name">{account.name}</span>,
        },
        {
          key: 'owner',
          label: t('adminAccounts.owner'),
          children: account.owner ? (
            <Space wrap>
              <span data-testid="detail-owner">
                {account.owner.name}（{account.owner.email}）
              </span>
              <UserStateTag user={account.owner} />
            </Space>
          ) : (
            '-'
          ),
        },
        {
          key: 'agency',
          label: t('adminAccounts.agency'),
          children: account.agency ? (
            <Link to={`/admin/agencies/${account.agency.id}`}>{account.agency.name}</Link>
          ) : (
            t('adminAccounts.noAgency')
          ),
        },
        {
          key: 'plan',
          label: t('adminAccounts.plan'),
          children: account.plan ? (
            <Space>
              <span data-testid="detail-plan">{account.plan.name}</span>
              {account.plan.status === 'retired' && <Tag>{t('adminAccounts.retired')}</Tag>}
            </Space>
          ) : (
            t('adminAccounts.noPlan')
          ),
        },
        {
          key: 'time_zone',
          label: t('adminAccounts.timeZone'),
          children: timeZoneName(account.time_zone, i18n.language),
        },
        {
          key: 'status',
          label: t('adminAccounts.status'),
          children: <TenantStatusTag status={account.status} testIdValue="detail-status" />,
        },
        { key: 'created_at', label: t('common.createdAt'), children: formatDateTime(account.created_at) },
        { key: 'updated_at', label: t('common.updatedAt'), children: formatDateTime(account.updated_at) },
      ]}
    />
  );
}

function AccountChannels({ account }: { account: AdminAccountDetail }) {
  const { t } = useTranslation();
  return (
    <Card title={t('adminAccounts.channels')} style={{ marginTop: 16 }}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={account.channels}
        locale={{ emptyText: t('adminAccounts.noChannels') }}
        columns={[
          {
            title: t('adminAccounts.channels'),
            key: 'name',
            render: (_, channel) => (
              <Link to={`/admin/line-accounts/${channel.id}`} data-testid={`account-channel-${channel.id}`}>
                {channel.name}
              </Link>
            ),
          },
          {
            title: t('adminAccounts.status'),
            key: 'status',
            render: (_, channel) => t(`channels.statuses.${channel.status}`),
          },
        ]}
      />
    </Card>
  );
}

function AccountStaff({ account }: { account: AdminAccountDetail }) {
  const { t } = useTranslation();
  return (
    <Card title={t('adminAccounts.staff')} style={{ marginTop: 16 }}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={account.staff}
        locale={{ emptyText: t('adminAccounts.noStaff') }}
        columns={[
          { title: t('agencies.userName'), key: 'name', render: (_, user) => user.name },
          { title: t('agencies.userEmail'), key: 'email', render: (_, user) => user.email },
          {
            title: t('adminAccounts.staffAuthority'),
            key: 'authority',
            responsive: ['md'],
            render: (_, user) => user.staff_authority ?? '-',
          },
          { title: t('agencies.userStatus'), key: 'state', render: (_, user) => <UserStateTag user={user} /> },
        ]}
      />
    </Card>
  );
}

export default function AccountDetailPage() {
  const { t } = useTranslation();
  const oemId = useActingOem();
  const invite = useEndpointMutation(adminAccountsApi.inviteOwner);
  const resend = async (id: number) => {
    const { data } = await invite.mutateAsync({ params: { id }, query: { oem_id: oemId } });
    feedback.notifySuccess(data.message);
  };
  return (
    <RecordPage
      endpoint={adminAccountsApi.get}
      query={{ oem_id: oemId }}
      backTo={LIST_PATH}
      editTo={(id) => `${LIST_PATH}/${id}/edit`}
      extra={({ data }) =>
        data.owner?.invited && (
          <Button
            icon={<MailOutlined />}
            loading={invite.isPending}
            onClick={() => void resend(data.id).catch(() => undefined)}
            data-testid="resend-invitation"
          >
            {t('adminAccounts.resendInvitation')}
          </Button>
        )
      }
    >
      {({ data }) => (
        <>
          {data.status === 'suspended' && (
            <Alert
              type="error"
              showIcon
              title={t('adminAccounts.suspendedAlert')}
              style={{ marginBottom: 16 }}
              data-testid="suspended-alert"
            />
          )}
          <AccountDescriptions account={data} />
          <PlanUsageCard usage={data.usage} style={{ marginTop: 16 }} />
          <AccountBillingCard accountId={data.id} />
          <AccountChannels account={data} />
          <AccountStaff account={data} />
        </>
      )}
    </RecordPage>
  );
}
