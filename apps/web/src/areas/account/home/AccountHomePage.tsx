import { EditOutlined } from '@ant-design/icons';
import type { LineAccount } from '@linq/contract';
import { Button, Card, Empty, List, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannelList } from '../../../app/channels/channels.ts';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { ChannelNameForm } from '../../../components/ChannelNameForm.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';

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

/** The account's channels, renamed in place through the shared channel cache. */
export default function AccountHomePage() {
  const { t } = useTranslation();
  const { lineAccounts, status } = useChannelList();
  return (
    <>
      <PageHeader />
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
