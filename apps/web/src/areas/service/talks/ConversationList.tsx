import { UserOutlined } from '@ant-design/icons';
import type { Conversation } from '@linq/contract';
import { Avatar, Badge, Button, Checkbox, Empty, Flex, Input, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import type { ConversationListModel } from './conversation-list.ts';
import { listTime, previewOf } from './talk-format.ts';
import { hasMorePages, TALKS_PATH } from './unread-rules.ts';
import '../../../app/i18n/parts/talks.ts';

function Preview({ friend }: { friend: Conversation }) {
  const { t } = useTranslation();
  const preview = previewOf(friend.message_type, friend.last_message);
  if (!preview) return null;
  return <>{'text' in preview ? preview.text : t(`talks.preview.${preview.type}`)}</>;
}

function ConversationItem({ friend, selected }: { friend: Conversation; selected: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`${TALKS_PATH}/${friend.id}`}
      data-testid={`talk-item-${friend.id}`}
      data-unread={friend.message_unreads_counts}
      aria-current={selected ? 'page' : undefined}
      style={{
        display: 'flex',
        gap: 10,
        alignItems: 'center',
        padding: '10px 12px',
        color: 'inherit',
        borderRadius: 8,
        background: selected ? 'rgba(0, 0, 0, 0.06)' : undefined,
        minWidth: 0,
      }}
    >
      <Avatar
        size={40}
        src={friend.picture_url ?? undefined}
        icon={<UserOutlined />}
        alt=""
        style={{ flex: '0 0 auto' }}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="space-between" gap={8}>
          <Typography.Text strong ellipsis style={{ minWidth: 0 }} data-testid="talk-item-name">
            {/* bdi: a name with right-to-left characters cannot reorder the text around it. */}
            <bdi>{friend.display_name}</bdi>
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {listTime(friend.last_message_created_at)}
          </Typography.Text>
        </Flex>
        <Flex justify="space-between" gap={8} align="center">
          <Typography.Text
            type="secondary"
            ellipsis
            style={{ minWidth: 0, fontSize: 13 }}
            data-testid="talk-item-preview"
          >
            <bdi>
              <Preview friend={friend} />
            </bdi>
          </Typography.Text>
          {friend.status === 'blocked' && (
            <Typography.Text type="secondary" style={{ fontSize: 11, whiteSpace: 'nowrap' }}>
              {t('talks.blocked')}
            </Typography.Text>
          )}
          <Badge count={friend.message_unreads_counts} overflowCount={999} data-testid={`talk-unread-${friend.id}`} />
        </Flex>
      </div>
    </Link>
  );
}

/** The talk list: name search, unread-only filter, 20 a page with "load more". */
export function ConversationList({
  conversations,
  selectedId,
}: {
  conversations: ConversationListModel;
  selectedId: number | null;
}) {
  const { t } = useTranslation();
  const { state, search, loadMore } = conversations;
  const { friends, filters } = state;
  const filtered = filters.name !== '' || filters.unreadOnly;

  return (
    <Flex vertical gap={8} style={{ height: '100%', minHeight: 0 }} data-testid="talk-list">
      <Input.Search
        key={filters.name}
        defaultValue={filters.name}
        allowClear
        placeholder={t('talks.searchPlaceholder')}
        aria-label={t('talks.searchPlaceholder')}
        onSearch={(value) => search({ name: value.trim(), unreadOnly: filters.unreadOnly })}
        data-testid="talk-search"
      />
      <Checkbox
        checked={filters.unreadOnly}
        onChange={(event) => search({ name: filters.name, unreadOnly: event.target.checked })}
        data-testid="talk-unread-only"
      >
        {t('talks.unreadOnly')}
      </Checkbox>
      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {conversations.loading && (
          <div style={{ padding: 24, textAlign: 'center' }}>
            <Spin delay={SPINNER_DELAY_MS} />
          </div>
        )}
        {conversations.failed && (
          <Empty description={t('talks.fetchError')}>
            <Button onClick={() => search(filters)} data-testid="talk-retry">
              {t('talks.retry')}
            </Button>
          </Empty>
        )}
        {conversations.loaded && friends.length === 0 && (
          <Empty description={filtered ? t('talks.emptyFiltered') : t('talks.empty')} data-testid="talk-empty" />
        )}
        {friends.map((friend) => (
          <ConversationItem key={friend.id} friend={friend} selected={friend.id === selectedId} />
        ))}
        {hasMorePages(state) && conversations.loaded && (
          <Button block type="link" loading={conversations.loadingMore} onClick={loadMore} data-testid="talk-load-more">
            {t('talks.loadMore')}
          </Button>
        )}
      </div>
    </Flex>
  );
}
