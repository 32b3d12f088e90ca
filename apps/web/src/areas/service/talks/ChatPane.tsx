import { UserOutlined } from '@ant-design/icons';
import {
  allows,
  allowsEndpoint,
  friendsApi,
  talksApi,
  type Conversation,
  type Permissions,
  type TalkHistory,
} from '@linq/contract';
import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { Avatar, Button, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../app/navigation.tsx';
import { call } from '../../../app/api/call.ts';
import { endpointQuery } from '../../../app/api/queries.ts';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { feedback } from '../../../app/feedback.ts';
import { LINE_APP_COLOURS } from '../../../components/line-message/phone-style.ts';
import { Composer } from './Composer.tsx';
import { MarkSelect } from './MarkSelect.tsx';
import { TalkMessageRow } from './TalkMessageView.tsx';
import { redirectAfterFriendFetch } from './unread-rules.ts';
import '../../../app/i18n/parts/talks.ts';

/** While a message of ours is about to be sent, its status is read again this often ... */
const DELIVERY_REFRESH_MS = 3_000;
/** ... and while it waits for a reason (quota, token, LINE), this often (the server checks at least every minute). */
const WAITING_REFRESH_MS = 15_000;
/** A friend of another channel or a missing one: the screen reports it and goes back to the list. */
const FRIEND_FAILURES = [403, 404];

/** How soon the history is read again: sooner while a message is about to go out, later while all wait. */
function deliveryRefresh(data: InfiniteData<TalkHistory> | undefined): number | false {
  const queued = data?.pages.flatMap((page) => page.data.filter((message) => message.delivery_status === 'queued'));
  if (!queued?.length) return false;
  return queued.every((message) => message.delivery_wait) ? WAITING_REFRESH_MS : DELIVERY_REFRESH_MS;
}

/** One friend's talk, newest first, paged back with the server's cursor; the key starts with the endpoint path and names the channel. */
function useHistory(lineAccountId: number, friendId: number) {
  return useInfiniteQuery({
    queryKey: [talksApi.history.path, { lineAccountId }, { friend_id: friendId }],
    queryFn: ({ pageParam, signal }) =>
      call(
        talksApi.history,
        { query: { friend_id: friendId, ...(pageParam === null ? {} : { before: pageParam }) } },
        { handles: FRIEND_FAILURES, lineAccountId, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    staleTime: 0,
    refetchInterval: (query) => deliveryRefresh(query.state.data),
  });
}

export interface ChatPaneProps {
  /** The channel of the talk list the chat is opened from. */
  lineAccountId: number;
  friendId: number;
  permissions: Permissions;
  /** The friend's row of the talk list, if listed: shown until the friend's details arrive. */
  row: Conversation | undefined;
  /** Opening a conversation sets its unread count to 0 in the list. */
  onOpened: (friendId: number) => void;
}

/** The chat with one friend: header (name, mark), history paged back, and the composer. */
export function ChatPane({ lineAccountId, friendId, permissions, row, onOpened }: ChatPaneProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayViewFriend = allows(permissions, { feature: 'friends', level: 'view' });
  const mayViewMarks = allows(permissions, { feature: 'marks', level: 'view' });
  const maySend = allowsEndpoint(permissions, talksApi.send.permission);
  const mayMarkRead = allowsEndpoint(permissions, talksApi.markRead.permission);

  const history = useHistory(lineAccountId, friendId);
  const friend = useQuery({
    ...endpointQuery(friendsApi.get, { params: { id: friendId } }, { handles: FRIEND_FAILURES }),
    enabled: mayViewFriend,
    staleTime: 0,
  });

  // Opening a conversation sets its unread count to 0, here and on the server.
  useEffect(() => {
    onOpened(friendId);
    if (!mayMarkRead) return;
    call(talksApi.markRead, { body: { friend_id: friendId } }, { handles: FRIEND_FAILURES }).catch(() => {
      // A friend that cannot be read shows through the history's failure below.
    });
  }, [friendId, onOpened, mayMarkRead]);

  // A friend whose fetch fails (another channel's, deleted, not a number) sends the user back to the list.
  const failed = history.isError || friend.isError;
  const redirected = useRef(false);
  useEffect(() => {
    const target = redirectAfterFriendFetch(failed);
    if (!target || redirected.current) return;
    redirected.current = true;
    feedback.notifyError(t('talks.friendNotFound'), '');
    void navigate(target, { replace: true });
  }, [failed, navigate, t]);

  const detail = friend.data?.data;
  const name = detail?.display_name ?? row?.display_name ?? '';
  const picture = detail?.picture_url ?? row?.picture_url ?? null;
  const status = detail?.status ?? row?.status ?? 'following';
  // Newest first, as the API answers: the column-reverse list shows them oldest at the top.
  const messages = history.data?.pages.flatMap((page) => page.data) ?? [];
  const blockedReason = !maySend ? t('talks.noSendPermission') : status === 'blocked' ? t('talks.blockedHint') : null;

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="talk-chat" data-friend-id={friendId}>
      <Flex
        align="center"
        justify="space-between"
        gap={8}
        wrap
        style={{ padding: '8px 12px', borderBottom: `1px solid ${LINE_APP_COLOURS.border}` }}
      >
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <Avatar size={36} src={picture ?? undefined} icon={<UserOutlined />} alt="" style={{ flex: '0 0 auto' }} />
          <Typography.Text strong ellipsis style={{ minWidth: 0 }} data-testid="talk-chat-name">
            <bdi>{name}</bdi>
          </Typography.Text>
          {status === 'blocked' && <Tag>{t('talks.blocked')}</Tag>}
        </Flex>
        {detail && mayViewMarks && (
          <Flex align="center" gap={6}>
            <Typography.Text type="secondary">{t('talks.mark')}</Typography.Text>
            <MarkSelect friend={detail} permissions={permissions} />
          </Flex>
        )}
      </Flex>

      <div
        data-testid="talk-messages"
        style={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          display: 'flex',
          // Reversed: the view starts at the newest message and stays there as messages arrive or older ones load.
          flexDirection: 'column-reverse',
          gap: 12,
          padding: 12,
          background: LINE_APP_COLOURS.talkBackground,
        }}
      >
        {messages.map((message) => (
          <TalkMessageRow key={message.key} message={message} friendPicture={picture} canRetry={maySend} />
        ))}
        {history.isPending && (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <Spin delay={SPINNER_DELAY_MS} />
          </div>
        )}
        {history.isSuccess && messages.length === 0 && (
          <Empty description={t('talks.noMessages')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
        {history.hasNextPage && (
          <Button
            size="small"
            style={{ alignSelf: 'center' }}
            loading={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
            data-testid="talk-load-older"
          >
            {t('talks.loadOlder')}
          </Button>
        )}
      </div>

      {/* The bottom padding leaves room for the character count under the input. */}
      <div style={{ padding: '8px 8px 26px', borderTop: `1px solid ${LINE_APP_COLOURS.border}` }}>
        <Composer friendId={friendId} blockedReason={blockedReason} />
      </div>
    </Flex>
  );
}
