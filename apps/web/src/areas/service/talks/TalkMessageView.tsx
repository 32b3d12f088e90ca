import { UserOutlined } from '@ant-design/icons';
import type { TalkMessage } from '@linq/contract';
import { Avatar, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeliveryWaitNote } from '../../../components/delivery/DeliveryWaitNote.tsx';
import { ChannelMessage, LinkifiedText } from '../../../components/line-message/LineMessageView.tsx';
import { obj, str } from '../../../components/line-message/line-message.ts';
import { bubble, LINE_APP_COLOURS } from '../../../components/line-message/phone-style.ts';
import { FriendPicture } from './FriendPicture.tsx';
import { chatTime } from './talk-format.ts';
import '../../../app/i18n/parts/talks.ts';

/*
 * One message of a talk, seen from the channel's side: the friend on the left, our side (staff,
 * plans) on the right in LINE's green. Every field comes from outside and is rendered as text.
 */

const noAction = () => {};

/**
 * What a postback tap sent: the tapped button's label when the server knows it (a template's
 * action), else its data; and a picker's chosen date or time.
 */
function postbackLabel(content: Record<string, unknown>): string {
  const tapped = str(content.label) || (str(content.data) ?? '');
  const params = obj(content.params);
  const picked = params ? Object.values(params).filter((value): value is string => typeof value === 'string') : [];
  return [tapped, ...picked].filter(Boolean).join(' ');
}

function MessageBody({ message }: { message: TalkMessage }) {
  const { t } = useTranslation();
  const ours = message.direction === 'outgoing';
  const content = message.content;
  // A friend's picture has no address of its own: the console serves the copy fetched from LINE.
  if (!ours && message.type === 'image') return <FriendPicture messageId={message.id} />;
  switch (message.type) {
    case 'text':
      return (
        // Ours in the green the LINE app gives the sender, the friend's in white; dir=auto isolates RTL text.
        <div style={bubble(ours ? 'friend' : 'channel')} dir="auto" data-testid="talk-text">
          <LinkifiedText text={str(content.text) ?? ''} />
        </div>
      );
    case 'postback':
      return (
        <Tag style={{ margin: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' }} data-testid="talk-postback">
          {t('talks.tapped', { label: postbackLabel(content) })}
        </Tag>
      );
    default:
      // The stored content is LINE's message object without its type: put the type back for the renderer.
      return <ChannelMessage message={{ ...content, type: message.type }} onAction={noAction} disabled />;
  }
}

function DeliveryState({ message }: { message: TalkMessage }) {
  const { t } = useTranslation();
  if (!message.delivery_status) return null;
  // A queued message that waits for a reason (quota, token, LINE) says so.
  const state = message.delivery_wait ? 'waiting' : message.delivery_status;
  const colour = { queued: 'default', waiting: 'warning', sent: 'success', failed: 'error' }[state];
  return (
    <span data-testid="talk-delivery" data-status={state}>
      <Tag color={colour} style={{ margin: 0, fontSize: 11 }}>
        {t(`talks.delivery.${state}`)}
      </Tag>
      {message.delivery_status === 'failed' && message.failure_reason && (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 11 }}>
          {t('talks.failedReason', { reason: message.failure_reason })}
        </Typography.Text>
      )}
    </span>
  );
}

export function TalkMessageRow({
  message,
  friendPicture,
  canRetry,
}: {
  message: TalkMessage;
  friendPicture: string | null;
  /** The user may send: a waiting message offers "今すぐ再試行". */
  canRetry: boolean;
}) {
  const { t } = useTranslation();
  const ours = message.direction === 'outgoing';
  const meta = (
    <span style={{ fontSize: 10, color: LINE_APP_COLOURS.meta, whiteSpace: 'nowrap' }}>
      {chatTime(message.occurred_at)}
    </span>
  );
  return (
    <div
      data-testid={`talk-message-${message.id}`}
      data-direction={message.direction}
      style={{ display: 'flex', gap: 6, justifyContent: ours ? 'flex-end' : 'flex-start', minWidth: 0 }}
    >
      {!ours && (
        <Avatar
          size={32}
          src={friendPicture ?? undefined}
          icon={<UserOutlined />}
          style={{ flex: '0 0 auto' }}
          alt=""
        />
      )}
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: ours ? 'flex-end' : 'flex-start',
          gap: 2,
          minWidth: 0,
          maxWidth: '80%',
        }}
      >
        {ours && (
          <span style={{ fontSize: 11, color: LINE_APP_COLOURS.headerText }} data-testid="talk-sender">
            <bdi>{message.sent_by?.name ?? t('talks.automatic')}</bdi>
          </span>
        )}
        <MessageBody message={message} />
        <div style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
          {meta}
          {ours && <DeliveryState message={message} />}
        </div>
        {ours && message.delivery_wait && <DeliveryWaitNote wait={message.delivery_wait} canRetry={canRetry} />}
      </div>
    </div>
  );
}
