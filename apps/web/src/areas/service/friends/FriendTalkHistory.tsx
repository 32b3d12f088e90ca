import { talksApi, type TalkMessage } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../../../app/api/queries.ts';
import { SPINNER_DELAY_MS } from '../../../app/config.ts';
import { useSession } from '../../../app/session.ts';
import { DeliveryWaitNote } from '../../../components/delivery/DeliveryWaitNote.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { talkMessageText } from './friend-format.ts';
import { EVENT_TYPES, eventLine, sourceLine, tapLine } from '../talks/TalkMessageView.tsx';
import '../../../app/i18n/parts/talks.ts';
import { useSelectedChannelId } from '../../../app/channels/channels.ts';
import '../../../app/i18n/parts/friends.ts';

/** How many of the newest messages the friend page shows; the talk screen has the rest. */
const RECENT_MESSAGES = 20;

const KNOWN_TYPES = ['image', 'sticker', 'video', 'audio', 'location', 'file'] as const;

function MessageBubble({ message, canRetry }: { message: TalkMessage; canRetry: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const incoming = message.direction === 'incoming';
  const text =
    talkMessageText(message) ??
    (message.type === 'postback'
      ? tapLine(message.content, t)
      : EVENT_TYPES.includes(message.type)
        ? eventLine(message.type, message.content, t)
        : null);
  const known = KNOWN_TYPES.find((type) => type === message.type);
  return (
    <Flex
      vertical
      align={incoming ? 'flex-start' : 'flex-end'}
      data-testid={`talk-message-${message.key}`}
      data-direction={message.direction}
    >
      <div
        style={{
          maxWidth: '85%',
          padding: '6px 10px',
          borderRadius: 12,
          background: incoming ? token.colorFillSecondary : token.colorPrimaryBg,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {/* Untrusted text: rendered as text, never as HTML. */}
        {text ?? (
          <Typography.Text type="secondary">
            {known ? t(`friends.messageTypes.${known}`) : t('friends.messageTypes.other', { type: message.type })}
          </Typography.Text>
        )}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(message.occurred_at)}
        {message.direction === 'outgoing' && ` · ${sourceLine(message, t)}`}
        {message.delivery_status === 'failed' && ` · ${t('friends.deliveryFailed')}`}
        {message.delivery_wait && ` · ${t('friends.deliveryWaiting')}`}
      </Typography.Text>
      {message.delivery_wait && <DeliveryWaitNote wait={message.delivery_wait} canRetry={canRetry} />}
    </Flex>
  );
}

/** The friend's latest messages, oldest first, read-only. */
export function FriendTalkHistory({ friendId }: { friendId: number }) {
  const { t } = useTranslation();
  const channelId = useSelectedChannelId();
  const canRetry = useSession('service')?.permissions.send_messages ?? false;
  const history = useQuery({
    ...endpointQuery(talksApi.history, { query: { friend_id: friendId, limit: RECENT_MESSAGES } }),
    enabled: channelId !== null,
  });
  if (!history.data) return history.isError ? null : <Spin delay={SPINNER_DELAY_MS} />;
  const messages = [...history.data.data].reverse();
  if (messages.length === 0) return <Empty description={t('friends.noMessages')} data-testid="talk-history-empty" />;
  return (
    <Flex vertical gap={8} style={{ maxHeight: 420, overflowY: 'auto' }} data-testid="talk-history">
      {messages.map((message) => (
        <MessageBubble key={message.key} message={message} canRetry={canRetry} />
      ))}
    </Flex>
  );
}
