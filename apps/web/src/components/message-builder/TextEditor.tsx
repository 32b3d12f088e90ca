import { DownOutlined, FormOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import {
  countEmoji,
  countedLength,
  emojiImageUrl,
  emojiToken,
  formVariable,
  infoVariable,
  LINE_EMOJI,
  LINE_LIMITS,
  NAME_VARIABLE,
} from '@linq/contract';
import { Button, Dropdown, Flex, Popover, Tooltip, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Picture } from '../line-message/LineMessageView.tsx';
import { useBuilder } from './builder-context.ts';
import { ChipTextArea, type ChipTextAreaHandle } from './ChipTextArea.tsx';
import { Field } from './fields.tsx';
import { useFormLinkOptions } from './form-links.ts';
import type { ModelPath } from './issues.ts';
import { insertToken } from './text-insert.ts';
import '../../app/i18n/parts/message-builder.ts';

function EmojiGrid({ onPick, onClose, full }: { onPick: (token: string) => void; onClose: () => void; full: boolean }) {
  const { t } = useTranslation();
  return (
    <div style={{ maxWidth: 300 }} onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      {full && (
        <Typography.Text type="danger" style={{ display: 'block', marginBottom: 8 }}>
          {t('messageBuilder.text.emojiFull', { max: LINE_LIMITS.emojiMax })}
        </Typography.Text>
      )}
      {LINE_EMOJI.map((product) => (
        <div
          key={product.productId}
          role="group"
          aria-label={t('messageBuilder.text.emoji')}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(36px, 1fr))', gap: 4 }}
        >
          {product.emojiIds.map((emojiId, index) => {
            const name = t('messageBuilder.text.emojiItem', { id: emojiId });
            return (
              <Button
                key={emojiId}
                type="text"
                aria-label={name}
                title={name}
                disabled={full}
                // Keyboard users land in the grid when it opens (it is drawn at the end of the page).
                autoFocus={index === 0}
                onClick={() => onPick(emojiToken(product.productId, emojiId))}
                style={{ width: 36, height: 36, padding: 2 }}
                data-testid={`builder-emoji-${emojiId}`}
              >
                <Picture
                  src={emojiImageUrl(product.productId, emojiId)}
                  alt=""
                  style={{ width: 28, height: 28 }}
                  fallback={<span style={{ fontSize: 11 }}>{emojiId}</span>}
                />
              </Button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/**
 * A message text with its live character count, and buttons that put a variable (the friend's
 * name, a friend info value) or a LINE emoji at the caret as tokens the preview fills in.
 */
export function TextEditor({
  value,
  onChange,
  path,
  label,
}: {
  value: string;
  onChange: (next: string) => void;
  path: ModelPath;
  label: string;
}) {
  const { t } = useTranslation();
  const { infoFields, disabled, previewPlace } = useBuilder();
  const forms = useFormLinkOptions();
  const id = useId();
  const textArea = useRef<ChipTextAreaHandle>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const length = countedLength(value);
  const emoji = countEmoji(value);

  /** Where the caret was when a button took the focus (the page's selection moves to the button). */
  const caret = useRef<{ start: number; end: number } | null>(null);
  const rememberCaret = () => {
    caret.current = textArea.current?.selection() ?? caret.current;
  };

  /** Puts the token where the caret was, at the end if the box never had one. */
  const insert = (token: string) => {
    const { start, end } = caret.current ?? { start: value.length, end: value.length };
    const next = insertToken(value, Math.min(start, value.length), Math.min(end, value.length), token);
    onChange(next.text);
    caret.current = { start: next.caret, end: next.caret };
    requestAnimationFrame(() => textArea.current?.focusAt(next.caret));
  };
  const chipLabels = {
    name: t('messageBuilder.text.chipName'),
    info: (fieldId: number) =>
      infoFields.find((field) => field.id === fieldId)?.name ?? t('messageBuilder.text.unknownInfo'),
    form: (formId: number) =>
      t('messageBuilder.text.formChip', {
        name: forms?.find((form) => form.id === formId)?.name ?? t('messageBuilder.text.unknownForm'),
      }),
    emoji: t('messageBuilder.text.emoji'),
  };

  const counts = (
    <Flex gap={12} wrap id={`${id}-counts`} aria-live="polite">
      <Typography.Text type={length > LINE_LIMITS.textMax ? 'danger' : 'secondary'} data-testid="builder-text-count">
        {t('messageBuilder.text.count', { count: length, max: LINE_LIMITS.textMax })}
      </Typography.Text>
      <Typography.Text type={emoji > LINE_LIMITS.emojiMax ? 'danger' : 'secondary'} data-testid="builder-emoji-count">
        {t('messageBuilder.text.emojiCount', { count: emoji, max: LINE_LIMITS.emojiMax })}
      </Typography.Text>
    </Flex>
  );

  return (
    <Field path={path} label={label} htmlFor={`${id}-text`} extra={counts}>
      <Flex vertical gap={8}>
        <Flex gap={8} wrap>
          <Button icon={<UserOutlined />} onClick={() => insert(NAME_VARIABLE)} data-testid="builder-insert-name">
            {t('messageBuilder.text.insertName')}
          </Button>
          <Tooltip title={infoFields.length === 0 ? t('messageBuilder.text.noInfoFields') : undefined}>
            <Dropdown
              disabled={disabled || infoFields.length === 0}
              trigger={['click']}
              menu={{
                items: infoFields.map((field) => ({ key: String(field.id), label: field.name })),
                onClick: ({ key }) => insert(infoVariable(Number(key))),
              }}
            >
              <Button data-testid="builder-insert-info">
                {t('messageBuilder.text.insertInfo')} <DownOutlined />
              </Button>
            </Dropdown>
          </Tooltip>
          {forms && (
            <Tooltip title={forms.length === 0 ? t('messageBuilder.text.noForms') : undefined}>
              <Dropdown
                disabled={disabled || forms.length === 0}
                trigger={['click']}
                menu={{
                  items: forms.map((form) => ({
                    key: String(form.id),
                    label: <span data-testid={`builder-insert-form-${form.id}`}>{form.name}</span>,
                  })),
                  onClick: ({ key }) => insert(formVariable(Number(key))),
                }}
              >
                <Button icon={<FormOutlined />} data-testid="builder-insert-form">
                  {t('messageBuilder.text.insertForm')} <DownOutlined />
                </Button>
              </Dropdown>
            </Tooltip>
          )}
          <Popover
            trigger="click"
            destroyOnHidden
            open={emojiOpen && !disabled}
            onOpenChange={setEmojiOpen}
            title={t('messageBuilder.text.emoji')}
            content={
              <EmojiGrid
                full={emoji >= LINE_LIMITS.emojiMax}
                onPick={(token) => {
                  setEmojiOpen(false);
                  insert(token);
                }}
                onClose={() => {
                  setEmojiOpen(false);
                  emojiButton.current?.focus();
                }}
              />
            }
          >
            <Button
              ref={emojiButton}
              icon={<SmileOutlined />}
              aria-haspopup="dialog"
              aria-expanded={emojiOpen}
              data-testid="builder-insert-emoji"
            >
              {t('messageBuilder.text.insertEmoji')}
            </Button>
          </Popover>
        </Flex>
        <div onKeyUp={rememberCaret} onMouseUp={rememberCaret} onBlur={rememberCaret}>
          <ChipTextArea
            ref={textArea}
            id={`${id}-text`}
            value={value}
            onChange={onChange}
            labels={chipLabels}
            label={label}
            placeholder={t('messageBuilder.text.placeholder')}
            describedBy={`${id}-counts`}
            disabled={disabled}
            minRows={4}
            maxRows={14}
            testId="builder-text"
          />
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`messageBuilder.text.variablesHelp.${previewPlace}`)}
        </Typography.Text>
      </Flex>
    </Field>
  );
}
