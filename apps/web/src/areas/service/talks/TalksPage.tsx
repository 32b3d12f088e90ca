import { allowsEndpoint, friendsApi, talksApi, type Permissions } from '@linq/contract';
import { Badge, Card, Empty, Flex, Spin, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Navigate } from '../../../app/navigation.tsx';
import { call } from '../../../app/api/call.ts';
import { invalidateEndpoints } from '../../../app/api/queries.ts';
import { useNoChannel, useSelectedChannelId } from '../../../app/channels/channels.ts';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { feedback } from '../../../app/feedback.ts';
import type { RealtimeStatus } from '../../../app/realtime/connection.ts';
import { useRealtime } from '../../../app/realtime/useRealtime.ts';
import { useSession } from '../../../app/session.ts';
import { recordId } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ChatPane } from './ChatPane.tsx';
import { ConversationList } from './ConversationList.tsx';
import { useConversationList, type ConversationListModel } from './conversation-list.ts';
import { addsUnread, redirectAfterFriendFetch } from './unread-rules.ts';
import { useWideScreen } from './useWideScreen.ts';
import '../../../app/i18n/parts/talks.ts';

/** The list and the chat keep to the window's height, each scrolling on its own. */
const PANE_HEIGHT = 'calc(100dvh - 190px)';
const PANE_MIN_HEIGHT = 420;

const STATUS_BADGE: Record<RealtimeStatus, 'processing' | 'success' | 'warning' | 'default'> = {
  connecting: 'processing',
  open: 'success',
  reconnecting: 'warning',
  closed: 'default',
};

function ConnectionIndicator({ status }: { status: RealtimeStatus }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('talks.connectionHint')}>
      <span data-testid="realtime-status" data-status={status}>
        <Badge status={STATUS_BADGE[status]} text={t(`talks.connection.${status}`)} />
      </span>
    </Tooltip>
  );
}

interface TalksScreenProps {
  lineAccountId: number;
  permissions: Permissions;
  friendId: number | null;
}

/** Realtime events of the channel drive the list's rules and refresh the open chat. */
function useTalkEvents(
  lineAccountId: number,
  friendId: number | null,
  conversations: ConversationListModel,
  /** Marking read needs talks edit; a view-only user's reading leaves the count as it is. */
  mayMarkRead: boolean,
): RealtimeStatus {
  return useRealtime(lineAccountId, {
    onEvent(event) {
      const screen = { widthPx: window.innerWidth, selectedFriendId: friendId };
      void conversations.apply(event, screen);
      if (event.friend_id === null || event.friend_id !== friendId) return;
      if (event.type === 'friend.updated') {
        void invalidateEndpoints(friendsApi.get);
        return;
      }
      // A plan sent the open friend something: the talk reads again (the list does not move for it).
      if (event.type === 'talk.updated') {
        void invalidateEndpoints(talksApi.history);
        return;
      }
      if (event.type !== 'message.created') return;
      void invalidateEndpoints(talksApi.history);
      // The open chat on a wide screen has been read: the server's count stays 0 like the list's.
      if (
        mayMarkRead &&
        event.direction === 'incoming' &&
        !addsUnread({ friendId: event.friend_id, direction: 'incoming' }, screen)
      ) {
        call(talksApi.markRead, { body: { friend_id: event.friend_id } }, { handles: 'all' }).catch(() => {});
      }
    },
    onReady() {
      // Subscribed (again): whatever arrived while the socket was down is read now.
      void conversations.refresh();
      void invalidateEndpoints(talksApi.history, friendsApi.get);
    },
  });
}

/** The address asks for the unread talks only (`?unread=1`, the dashboard's link). */
export const UNREAD_PARAM = 'unread';

/**
 * `?unread=1` turns the list's unread-only switch on, keeping the name searched, and leaves the
 * address: from then on the switch shows the filter and takes it off, as if it had been ticked.
 */
function useUnreadFromAddress(conversations: ConversationListModel) {
  const [params, setParams] = useSearchParams();
  const asked = params.get(UNREAD_PARAM) === '1';
  // Once per arrival: the search starts the list over and the address changes a moment later.
  const applied = useRef(false);
  const { search, state } = conversations;
  const name = state.filters.name;
  useEffect(() => {
    if (!asked || applied.current) return;
    applied.current = true;
    search({ name, unreadOnly: true });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(UNREAD_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, name, search, setParams]);
}

function TalksScreen({ lineAccountId, permissions, friendId }: TalksScreenProps) {
  const { t } = useTranslation();
  const wide = useWideScreen();
  const conversations = useConversationList(lineAccountId);
  const mayMarkRead = allowsEndpoint(permissions, talksApi.markRead.permission);
  const status = useTalkEvents(lineAccountId, friendId, conversations, mayMarkRead);
  useUnreadFromAddress(conversations);

  const indicator = <ConnectionIndicator status={status} />;
  const list = <ConversationList conversations={conversations} selectedId={friendId} />;
  const chat = friendId !== null && (
    <ChatPane
      key={friendId}
      lineAccountId={lineAccountId}
      friendId={friendId}
      permissions={permissions}
      row={conversations.state.friends.find((friend) => friend.id === friendId)}
      onOpened={conversations.opened}
    />
  );

  if (!wide) {
    // Below 768px the list and the chat are separate screens.
    return (
      <>
        <PageHeader extra={indicator} backTo={friendId !== null ? '/service/talks' : undefined} />
        <Card
          size="small"
          style={{ height: PANE_HEIGHT, minHeight: PANE_MIN_HEIGHT }}
          styles={{ body: { height: '100%', padding: friendId !== null ? 0 : 8 } }}
          data-testid={friendId !== null ? 'talks-chat-screen' : 'talks-list-screen'}
        >
          {friendId !== null ? chat : list}
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader extra={indicator} />
      <Flex gap={16} style={{ height: PANE_HEIGHT, minHeight: PANE_MIN_HEIGHT }} data-testid="talks-wide">
        <Card
          size="small"
          style={{ width: 340, flex: '0 0 auto', height: '100%' }}
          styles={{ body: { height: '100%', padding: 8 } }}
        >
          {list}
        </Card>
        <Card style={{ flex: 1, minWidth: 0, height: '100%' }} styles={{ body: { height: '100%', padding: 0 } }}>
          {chat || (
            <Flex align="center" justify="center" style={{ height: '100%' }}>
              <Empty description={t('talks.chooseFriend')} />
            </Flex>
          )}
        </Card>
      </Flex>
    </>
  );
}

/** `/service/talks` and `/service/talks/:id`: one screen, the id choosing the open chat. */
export default function TalksPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const session = useSession('service');
  const lineAccountId = useSelectedChannelId();
  const noChannel = useNoChannel();
  const friendId = id === undefined ? null : (recordId(id) ?? null);
  const invalidId = id !== undefined && friendId === null;

  useEffect(() => {
    if (invalidId) feedback.notifyError(t('talks.friendNotFound'), '');
  }, [invalidId, t]);

  if (invalidId) return <Navigate to={redirectAfterFriendFetch(true) ?? '/service/talks'} replace />;
  if (!session || lineAccountId === null) {
    return (
      <>
        <PageHeader />
        {noChannel ? (
          <Empty />
        ) : (
          <div style={{ padding: 48, textAlign: 'center' }}>
            <Spin delay={SPINNER_DELAY_MS} />
          </div>
        )}
      </>
    );
  }
  return (
    <TalksScreen
      key={lineAccountId}
      lineAccountId={lineAccountId}
      permissions={session.permissions}
      friendId={friendId}
    />
  );
}
