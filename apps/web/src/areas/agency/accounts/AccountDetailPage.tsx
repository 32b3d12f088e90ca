import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { agencyAccountsApi, type AgencyAccountDetail } from '@linq/contract';
import { Alert, Button, Card, Descriptions, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { invalidateEndpoints, useEndpointMutation } from '../../../app/api/queries.ts';
import { feedback } from '../../../app/feedback.ts';
import { formatDateTime, timeZoneName } from '../../../components/format.ts';
import { PlanUsageCard } from '../../../components/PlanUsageCard.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { AccountStatusTag } from './StatusTag.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/agency-accounts.ts';

function AccountDescriptions({ account }: { account: AgencyAccountDetail }) {
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
          label: t('agencyAccounts.name'),
          children: <span data-testid="detail-name">{account.name}</span>,
        },
        {
          key: 'owner',
          label: t('agencyAccounts.owner'),
          children: account.owner ? (
            <Space wrap>
              <span data-testid="detail-owner">
                {account.owner.name}（{account.owner.email}）
              </span>
              {account.owner.invited && <Tag color="processing">{t('agencyAccounts.ownerInvited')}</Tag>}
            </Space>
          ) : (
            '-'
          ),
        },
        {
          key: 'plan',
          label: t('agencyAccounts.plan'),
          children: account.plan ? (
            <Space>
              <span data-testid="detail-plan">{account.plan.name}</span>
              {account.plan.status === 'retired' && <Tag>{t('agencyAccounts.retired')}</Tag>}
            </Space>
          ) : (
            t('agencyAccounts.noPlan')
          ),
        },
        {
          key: 'following_friends',
          label: t('agencyAccounts.followingFriends'),
          children: <span data-testid="detail-following-friends">{account.following_friends.toLocaleString()}</span>,
        },
        {
          key: 'time_zone',
          label: t('agencyAccounts.timeZone'),
          children: timeZoneName(account.time_zone, i18n.language),
        },
        {
          key: 'status',
          label: t('agencyAccounts.status'),
          children: <AccountStatusTag status={account.status} testId="detail-status" />,
        },
        { key: 'created_at', label: t('common.createdAt'), children: formatDateTime(account.created_at) },
        { key: 'updated_at', label: t('common.updatedAt'), children: formatDateTime(account.updated_at) },
      ]}
    />
  );
}

function AccountChannels({ account }: { account: AgencyAccountDetail }) {
  const { t } = useTranslation();
  return (
    <Card title={t('agencyAccounts.channels')} style={{ marginTop: 16 }}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={account.channels}
        locale={{ emptyText: t('agencyAccounts.noChannels') }}
        columns={[
          { title: t('agencyAccounts.channels'), key: 'name', render: (_, channel) => channel.name },
          {
            title: t('agencyAccounts.followingFriends'),
            key: 'friends',
            render: (_, channel) => channel.following_friends.toLocaleString(),
          },
          {
            title: t('agencyAccounts.status'),
            key: 'status',
            render: (_, channel) => t(`agencyAccounts.channelStatuses.${channel.status}`),
          },
        ]}
      />
    </Card>
  );
}

/** Suspend (or resume) with a confirmation first. */
function StatusButton({ account }: { account: AgencyAccountDetail }) {
  const { t } = useTranslation();
  const setStatus = useEndpointMutation(agencyAccountsApi.setStatus);
  const suspending = account.status === 'active';
  const change = async () => {
    await setStatus.mutateAsync({
      params: { id: account.id },
      body: { status: suspending ? 'suspended' : 'active' },
    });
    feedback.notifySuccess(t(suspending ? 'agencyAccounts.suspended' : 'agencyAccounts.resumed'));
    await invalidateEndpoints(agencyAccountsApi.get, agencyAccountsApi.list);
  };
  return (
    <Popconfirm
      title={t(suspending ? 'agencyAccounts.confirmSuspend' : 'agencyAccounts.confirmResume', { name: account.name })}
      okText={t(suspending ? 'agencyAccounts.suspend' : 'agencyAccounts.resume')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: suspending, 'data-testid': 'confirm-ok' }}
      // antd keeps the OK button loading until a returned promise settles, although its type says void.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      onConfirm={() => change().catch(() => undefined)}
    >
      <Button
        danger={suspending}
        icon={suspending ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
        data-testid={suspending ? 'suspend-account' : 'resume-account'}
      >
        {t(suspending ? 'agencyAccounts.suspend' : 'agencyAccounts.resume')}
      </Button>
    </Popconfirm>
  );
}

export default function AccountDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordPage
      endpoint={agencyAccountsApi.get}
      backTo={LIST_PATH}
      editTo={(id) => `${LIST_PATH}/${id}/edit`}
      extra={({ data }) => <StatusButton account={data} />}
    >
      {({ data }) => (
        <>
          {data.status === 'suspended' && (
            <Alert
              type="error"
              showIcon
              title={t('agencyAccounts.suspendedAlert')}
              style={{ marginBottom: 16 }}
              data-testid="suspended-alert"
            />
          )}
          <AccountDescriptions account={data} />
          <PlanUsageCard usage={data.usage} style={{ marginTop: 16 }} />
          <AccountChannels account={data} />
        </>
      )}
    </RecordPage>
  );
}
