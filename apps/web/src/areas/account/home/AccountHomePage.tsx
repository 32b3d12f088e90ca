import { EditOutlined, LoginOutlined } from '@ant-design/icons';
import { planLimitsApi, type LineAccount } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, List, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { searchWithLaid } from '../../../app/channels/channel-address.ts';
import { useChannelList } from '../../../app/channels/channels.ts';
import { Link } from '../../../app/navigation.tsx';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { ChannelNameForm } from '../../../components/ChannelNameForm.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PlanUsageCard } from '../../../components/PlanUsageCard.tsx';
import '../../../app/i18n/parts/account-info.ts';

function ChannelRow({ lineAccount }: { lineAccount: LineAccount }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <List.Item
      data-testid={`channel-row-${lineAccount.id}`}
      actions={
        editing
          ? []
          : [
              // The console is the staff's: its login opens this channel (laid carried through the login).
              <Link
                key="console"
                to={`/service/login${searchWithLaid('', lineAccount.id)}`}
                data-testid={`channel-console-${lineAccount.id}`}
              >
                <Button type="primary" icon={<LoginOutlined />}>
                  {t('channels.openConsole')}
                </Button>
              </Link>,
              <Button
                key="rename"
                icon={<EditOutlined />}
                onClick={() => setEditing(true)}
                data-testid={`channel-rename-${lineAccount.id}`}
              >
                {t('channels.rename')}
              </Button>,
            ]
      }
    >
      {editing ? (
        <div style={{ width: '100%' }}>
          <ChannelNameForm lineAccount={lineAccount} onDone={() => setEditing(false)} />
        </div>
      ) : (
        <List.Item.Meta
          title={<Typography.Text data-testid={`channel-name-${lineAccount.id}`}>{lineAccount.name}</Typography.Text>}
          description={
            <Tag color={lineAccount.status === 'active' ? 'success' : 'default'}>
              {t(`channels.statuses.${lineAccount.status}`)}
            </Tag>
          }
        />
      )}
    </List.Item>
  );
}

/** The account's plan and its usage against the limits (channels, staff, messages), with a retry on failure. */
function AccountPlanUsage() {
  const { t } = useTranslation();
  const usage = useQuery(endpointQuery(planLimitsApi.usage, {}));
  if (usage.data) return <PlanUsageCard usage={usage.data.data} style={{ marginBottom: 16 }} />;
  return (
    <Card style={{ marginBottom: 16 }}>
      {usage.error ? (
        <Alert
          type="error"
          showIcon
          message={t('accountHome.usageFailed')}
          action={<Button onClick={() => void usage.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Spin delay={SPINNER_DELAY_MS} />
      )}
    </Card>
  );
}

/**
 * The account home: the plan and its usage against the limits (the staff and channel counts among
 * them), then the account's channels, renamed in place through the shared channel cache.
 */
export default function AccountHomePage() {
  const { t } = useTranslation();
  const { lineAccounts, status } = useChannelList();
  return (
    <>
      <PageHeader />
      <AccountPlanUsage />
      <Alert type="info" showIcon message={t('channels.openConsoleNote')} style={{ marginBottom: 16 }} />
      <Card>
        <Spin spinning={status === 'loading'} delay={SPINNER_DELAY_MS}>
          <List
            dataSource={lineAccounts}
            rowKey="id"
            locale={{ emptyText: <Empty description={t('channels.empty')} /> }}
            renderItem={(lineAccount) => <ChannelRow lineAccount={lineAccount} />}
            data-testid="channel-list"
          />
        </Spin>
      </Card>
    </>
  );
}
