import { UserOutlined } from '@ant-design/icons';
import { FORM_ANSWER_TALK_TYPE, formAnswerConsolePath, type TalkMessage } from '@linq/contract';
import { Avatar, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../app/navigation.tsx';
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

/** Names the stored tap, the entry's source and the talk's events in words (untrusted parts stay text). */
type T = TFunction;

/**
 * A postback tap as the friend saw it: the label and the message it was under, stored when it
 * arrived; a picker's chosen date or time; a tap stored without a label reads as a button choice
 * (never its raw data).
 */
export function tapLine(content: Record<string, unknown>, t: T): string {
  const label = str(content.label);
  const origin = obj(content.origin);
  const params = obj(content.params);
  const picked = params ? Object.values(params).filter((value): value is string => typeof value === 'string') : [];
  const originText = origin ? str(origin.text) : null;
  const tapped = !label
    ? t('talks.tappedUnknown')
    : originText
      ? t('talks.tappedFrom', {
          label,
          origin: t(`talks.tapOrigin.${str(origin?.kind) ?? 'other'}`, { defaultValue: t('talks.tapOrigin.other') }),
          text: shortened(originText),
        })
      : t('talks.tapped', { label });
  return [tapped, ...picked].join(' ');
}

/** How much of the message a tap came from the talk shows. */
const ORIGIN_SHOWN = 20;
function shortened(text: string): string {
  const chars = [...text];
  return chars.length > ORIGIN_SHOWN ? `${chars.slice(0, ORIGIN_SHOWN).join('')}…` : text;
}

/** A follow (new, unblock, re_add) or a block, as the talk's centred note. */
export function eventLine(type: string, content: Record<string, unknown>, t: T): string {
  if (type === 'unfollow') return t('talks.events.unfollow');
  if (type === 'conversion') return t('talks.events.conversion', { name: str(content.point_name) ?? '' });
  if (type === 'link_opened') return t('talks.events.link_opened');
  const kind = str(content.kind);
  return kind === 'unblock' || kind === 're_add' ? t(`talks.events.${kind}`) : t('talks.events.follow');
}

/** Who or what sent an outgoing entry: the staff member, or e.g. 「シナリオ: ウェルカム · 『ご登録ありがとう…』」. */
export function sourceLine(message: TalkMessage, t: T): string {
  const origin = message.origin;
  if (!origin) return message.sent_by?.name ?? t('talks.automatic');
  const kind = t(`talks.origin.${origin.kind}`, { defaultValue: t('talks.origin.other') });
  const box =
    origin.box ??
    (message.type === 'image' || message.type === 'sticker'
      ? t(`talks.boxPicture.${message.type}`)
      : t('talks.boxPicture.other'));
  return origin.name ? t('talks.originLineBox', { kind, name: origin.name, box }) : kind;
}

/** Entries shown as a note in the middle: follows and blocks, and what the friend did on the web. */
export const EVENT_TYPES = ['follow', 'unfollow', 'conversion', 'link_opened'];

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
          {tapLine(content, t)}
        </Tag>
      );
    case FORM_ANSWER_TALK_TYPE: {
      // An answer to a form: the form's name as text, and the way to the answer in the console.
      const formId = Number(content.form_id);
      const answerId = Number(content.answer_id);
      return (
        <div style={bubble('channel')} data-testid="talk-form-answer">
          {t('talks.formAnswered', { name: str(content.form_name) ?? '' })}
          {Number.isInteger(formId) && Number.isInteger(answerId) && (
            <div>
              <Link to={formAnswerConsolePath(formId, answerId)} data-testid="talk-form-answer-link">
                {t('talks.openAnswer')}
              </Link>
            </div>
          )}
        </div>
      );
    }
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
  if (EVENT_TYPES.includes(message.type)) {
    // A follow or a block: a small centred note, as LINE shows such changes.
    return (
      <div
        data-testid={`talk-message-${message.key}`}
        data-direction={message.direction}
        data-event={message.type}
        style={{ display: 'flex', justifyContent: 'center' }}
      >
        <span
          style={{
            fontSize: 11,
            color: LINE_APP_COLOURS.headerText,
            background: 'rgba(0, 0, 0, 0.06)',
            borderRadius: 10,
            padding: '2px 10px',
          }}
          data-testid="talk-event"
        >
          {eventLine(message.type, message.content, t)} · {chatTime(message.occurred_at)}
        </span>
      </div>
    );
  }
  const meta = (
    <span style={{ fontSize: 10, color: LINE_APP_COLOURS.meta, whiteSpace: 'nowrap' }}>
      {chatTime(message.occurred_at)}
    </span>
  );
  return (
    <div
      data-testid={`talk-message-${message.key}`}
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
            <bdi>{sourceLine(message, t)}</bdi>
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
