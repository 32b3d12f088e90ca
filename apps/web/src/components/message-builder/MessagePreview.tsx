import { toLineMessage, type BuilderMessage, type MessageContext } from '@linq/contract';
import { Avatar } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton, ChannelMessage } from '../line-message/LineMessageView.tsx';
import { obj, quickReplyActions } from '../line-message/line-message.ts';
import { LINE_APP_COLOURS, phoneFrame, phoneHeader } from '../line-message/phone-style.ts';
import type { InfoField } from './builder-context.ts';
import { useFormLinkOptions } from './form-links.ts';
import { sampleContext } from './preview-context.ts';
import '../../app/i18n/parts/message-builder.ts';

export interface MessagePreviewProps {
  message: BuilderMessage;
  /** What the variables are filled with; by default a sample friend, info fields shown by name. */
  context?: MessageContext;
  /** Friend info fields, so the default sample shows each by its name. */
  infoFields?: readonly InfoField[];
  /** The channel's name in the talk's header; a generic one by default. */
  channelName?: string;
}

/** The preview only shows: taps do nothing (links still open). */
const noAction = () => {};

/** Whether there is nothing to show yet (the friend would receive nothing useful). */
function isBlank(message: BuilderMessage): boolean {
  switch (message.message_type) {
    case 'text_message':
    case 'quick_reply':
      return !message.text?.trim();
    case 'image':
      return !message.image_url;
    case 'sticker':
      return !message.sticker_id;
    case 'carousel':
      return (message.message_columns ?? []).length === 0;
    case 'image_carousel':
      return (message.message_image_carousels ?? []).length === 0;
    case 'confirm':
      return false;
  }
}

/**
 * The message as a friend would see it in the LINE app: the LINE message object the builder sends,
 * drawn by the same view as the talk screen and the friend simulator, in a phone-like talk.
 */
export function MessagePreview({ message, context, infoFields = [], channelName }: MessagePreviewProps) {
  const { t } = useTranslation();
  const forms = useFormLinkOptions();
  const [time] = useState(() => new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
  const filled =
    context ??
    sampleContext(message, {
      friendName: t('messageBuilder.preview.sampleFriendName'),
      infoFields,
      unknownField: (id) => t('messageBuilder.preview.infoField', { id }),
      formLink: (id) =>
        t('messageBuilder.preview.formLink', {
          name: forms?.find((form) => form.id === id)?.name ?? t('messageBuilder.text.unknownForm'),
        }),
    });
  const lineMessage = obj(toLineMessage(message, filled)) ?? {};
  const quickReplies = quickReplyActions(lineMessage);
  const name = channelName || t('messageBuilder.preview.channel');
  const blank = isBlank(message);

  return (
    <div
      role="figure"
      aria-label={t('messageBuilder.preview.title')}
      data-testid="message-preview"
      style={{ ...phoneFrame, width: '100%', maxWidth: 380 }}
    >
      <div
        style={{
          ...phoneHeader,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {name}
      </div>
      <div style={{ minHeight: 260, padding: 10, display: 'flex', flexDirection: 'column', gap: 10 }}>
        {blank ? (
          <div style={{ color: LINE_APP_COLOURS.headerText, textAlign: 'center', fontSize: 12, marginTop: 24 }}>
            {t('messageBuilder.preview.empty')}
          </div>
        ) : (
          <div style={{ display: 'flex', gap: 6, alignItems: 'flex-start', minWidth: 0 }}>
            <Avatar size={28} style={{ flex: '0 0 auto' }}>
              {name.slice(0, 1)}
            </Avatar>
            <div style={{ minWidth: 0, maxWidth: '100%' }} data-testid="message-preview-body">
              <ChannelMessage message={lineMessage} onAction={noAction} disabled />
            </div>
            <span style={{ fontSize: 10, color: LINE_APP_COLOURS.meta, alignSelf: 'flex-end', flex: '0 0 auto' }}>
              {time}
            </span>
          </div>
        )}
      </div>
      {quickReplies.length > 0 && (
        <div
          style={{ display: 'flex', gap: 6, overflowX: 'auto', padding: '6px 10px' }}
          data-testid="message-preview-quick-replies"
        >
          {quickReplies.map((action, index) => (
            <div key={index} style={{ flex: '0 0 auto' }}>
              <ActionButton action={action} onAction={noAction} disabled />
            </div>
          ))}
        </div>
      )}
      <div style={{ padding: '4px 10px 8px', fontSize: 11, color: LINE_APP_COLOURS.headerText, opacity: 0.9 }}>
        {t('messageBuilder.preview.note')}
      </div>
    </div>
  );
}
