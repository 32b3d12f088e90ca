import { ApiOutlined } from '@ant-design/icons';
import { adminLineAccountsApi, type AdminLineAccount, type ConnectionTestResult } from '@linq/contract';
import { Alert, Button, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/errors.ts';
import { invalidateEndpoints, useEndpointMutation } from '../../../app/api/queries.ts';
import { formatDateTime } from '../../../components/format.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { ChannelStatusTag, ConnectionTag, LoginCheckTag } from './ConnectionTag.tsx';
import { LIST_PATH } from './paths.ts';
import '../../../app/i18n/parts/admin.ts';

type TestOutcome = { kind: 'result'; result: ConnectionTestResult } | { kind: 'refused'; message: string };

function SecretState({ set, testIdValue }: { set: boolean; testIdValue: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={set ? 'success' : 'warning'} data-testid={testIdValue}>
      {set ? t('adminLineAccounts.secretSet') : t('adminLineAccounts.secretUnset')}
    </Tag>
  );
}

function ConnectionOutcome({ outcome }: { outcome: TestOutcome }) {
  const { t } = useTranslation();
  if (outcome.kind === 'refused') {
    return <Alert type="error" showIcon title={outcome.message} data-testid="connection-result" />;
  }
  const { result } = outcome;
  if (result.ok && result.bot) {
    return (
      <Alert
        type="success"
        showIcon
        title={t('adminLineAccounts.connectionOk', { name: result.bot.display_name })}
        description={`${result.bot.basic_id} / ${result.bot.user_id}`}
        data-testid="connection-result"
      />
    );
  }
  const status =
    result.status === null
      ? null
      : result.status === 0
        ? t('adminLineAccounts.noResponse')
        : t('adminLineAccounts.lineStatus', { status: result.status });
  return (
    <Alert
      type="error"
      showIcon
      title={t('adminLineAccounts.connectionFailed')}
      description={
        <Flex vertical>
          {status && <span>{status}</span>}
          <span>{result.error}</span>
        </Flex>
      }
      data-testid="connection-result"
    />
  );
}

/** LINE refuses the channel's token: since when, how many messages wait, and how to end it. */
function CredentialsAlert({ credentials }: { credentials: NonNullable<AdminLineAccount['credentials_invalid']> }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('adminLineAccounts.credentialsInvalid')}
      description={
        <Flex vertical>
          <span>{t('adminLineAccounts.credentialsInvalidSince', { time: formatDateTime(credentials.since) })}</span>
          {credentials.error && <span>{credentials.error}</span>}
          <span data-testid="credentials-waiting">
            {t('adminLineAccounts.credentialsWaiting', { count: credentials.waiting_deliveries })}
          </span>
          <span>{t('adminLineAccounts.credentialsHint')}</span>
        </Flex>
      }
      data-testid="credentials-invalid"
    />
  );
}

function ChannelDescriptions({ channel }: { channel: AdminLineAccount }) {
  const { t } = useTranslation();
  const { connection } = channel;
  return (
    <Descriptions
      column={1}
      bordered
      size="middle"
      data-testid="line-account-detail"
      items={[
        { key: 'name', label: t('adminLineAccounts.name'), children: channel.name },
        {
          key: 'account',
          label: t('adminLineAccounts.account'),
          children: <span data-testid="detail-account">{channel.account.name}</span>,
        },
        { key: 'status', label: t('adminLineAccounts.status'), children: <ChannelStatusTag status={channel.status} /> },
        {
          key: 'webhook_url',
          label: t('adminLineAccounts.webhookUrl'),
          children: (
            <Flex vertical gap={4}>
              <Typography.Text
                code
                copyable={{
                  text: channel.webhook_url,
                  tooltips: [t('adminLineAccounts.copy'), t('adminLineAccounts.copied')],
                }}
                style={{ wordBreak: 'break-all' }}
                data-testid="webhook-url"
              >
                {channel.webhook_url}
              </Typography.Text>
              <Typography.Text type="secondary">{t('adminLineAccounts.webhookHint')}</Typography.Text>
            </Flex>
          ),
        },
        {
          key: 'channel_id',
          label: t('adminLineAccounts.channelId'),
          children: <span data-testid="detail-channel_id">{channel.channel_id ?? '-'}</span>,
        },
        {
          key: 'channel_secret',
          label: t('adminLineAccounts.channelSecret'),
          children: <SecretState set={channel.has_channel_secret} testIdValue="detail-channel_secret" />,
        },
        {
          key: 'channel_access_token',
          label: t('adminLineAccounts.channelAccessToken'),
          children: <SecretState set={channel.has_channel_access_token} testIdValue="detail-channel_access_token" />,
        },
        {
          key: 'basic_id',
          label: t('adminLineAccounts.basicId'),
          children: <span data-testid="detail-basic_id">{channel.basic_id ?? '-'}</span>,
        },
        { key: 'bot_user_id', label: t('adminLineAccounts.botUserId'), children: channel.bot_user_id ?? '-' },
        {
          key: 'simulated',
          label: t('adminLineAccounts.simulated'),
          children: channel.simulated ? (
            <Tag color="purple">{t('adminLineAccounts.targets.simulator')}</Tag>
          ) : (
            t('adminLineAccounts.targets.line')
          ),
        },
        {
          key: 'connection',
          label: t('adminLineAccounts.connection'),
          children: (
            <Flex vertical gap={4}>
              <Space wrap>
                <ConnectionTag connection={connection} testIdValue="connection-state" />
                {connection.checked_at && (
                  <Typography.Text type="secondary">
                    {t('adminLineAccounts.checkedAt', { time: formatDateTime(connection.checked_at) })}
                  </Typography.Text>
                )}
              </Space>
              {connection.error && <Typography.Text type="danger">{connection.error}</Typography.Text>}
            </Flex>
          ),
        },
        {
          key: 'login_channel_id',
          label: t('adminLineAccounts.loginChannelId'),
          children: <span data-testid="detail-login_channel_id">{channel.login.channel_id ?? '-'}</span>,
        },
        {
          key: 'login_channel_secret',
          label: t('adminLineAccounts.loginChannelSecret'),
          children: <SecretState set={channel.login.has_channel_secret} testIdValue="detail-login_channel_secret" />,
        },
        {
          key: 'login_check',
          label: t('adminLineAccounts.loginCheck'),
          children: (
            <Flex vertical gap={4}>
              <Space wrap>
                <LoginCheckTag login={channel.login} testIdValue="login-check-state" />
                {channel.login.checked_at && (
                  <Typography.Text type="secondary">
                    {t('adminLineAccounts.checkedAt', { time: formatDateTime(channel.login.checked_at) })}
                  </Typography.Text>
                )}
              </Space>
              {channel.login.error && (
                <Typography.Text type="danger" data-testid="login-check-error">
                  {channel.login.error}
                </Typography.Text>
              )}
            </Flex>
          ),
        },
        {
          key: 'friend_count',
          label: t('adminLineAccounts.friendCount'),
          children: t('adminLineAccounts.friendCountValue', {
            following: channel.following_count,
            all: channel.friend_count,
          }),
        },
        { key: 'created_at', label: t('common.createdAt'), children: formatDateTime(channel.created_at) },
        { key: 'updated_at', label: t('common.updatedAt'), children: formatDateTime(channel.updated_at) },
      ]}
    />
  );
}

export default function LineAccountDetailPage() {
  const { t } = useTranslation();
  const test = useEndpointMutation(adminLineAccountsApi.connectionTest);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);

  const runTest = async (id: number) => {
    setOutcome(null);
    try {
      const { data } = await test.mutateAsync({ params: { id } });
      setOutcome({ kind: 'result', result: data });
    } catch (error) {
      // 422: the channel has no token yet. Other failures the request layer has reported.
      if (isApiError(error, 422)) {
        const message = Object.values(error.fieldErrors ?? {})[0]?.description ?? error.message;
        setOutcome({ kind: 'refused', message });
      }
      return;
    }
    await invalidateEndpoints(adminLineAccountsApi.list, adminLineAccountsApi.get);
  };

  return (
    <RecordPage
      endpoint={adminLineAccountsApi.get}
      backTo={LIST_PATH}
      editTo={(channelId) => `${LIST_PATH}/${channelId}/edit`}
      remove={{ resource: adminLineAccountsApi, name: ({ data }) => data.name }}
      extra={({ data }) => (
        <Button
          icon={<ApiOutlined />}
          loading={test.isPending}
          onClick={() => void runTest(data.id)}
          data-testid="connection-test"
        >
          {t('adminLineAccounts.connectionTest')}
        </Button>
      )}
    >
      {({ data }) => (
        <Flex vertical gap={16}>
          {data.credentials_invalid && <CredentialsAlert credentials={data.credentials_invalid} />}
          {outcome && <ConnectionOutcome outcome={outcome} />}
          <ChannelDescriptions channel={data} />
        </Flex>
      )}
    </RecordPage>
  );
}
