import { LINE_LIMITS, templateAltText, type BuilderMessage } from '@linq/contract';
import { Input } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './fields.tsx';
import { tokenContext } from './preview-context.ts';
import '../../app/i18n/parts/message-builder.ts';

/** The notification / chat-list text of a template or Flex message; empty means the derived one (the placeholder). */
export function AltTextField({
  message,
  onChange,
}: {
  message: BuilderMessage;
  onChange: (next: BuilderMessage) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Field
      path={['alt_text']}
      label={t('messageBuilder.altText.label')}
      htmlFor={id}
      help={t('messageBuilder.altText.help')}
    >
      <Input
        id={id}
        value={message.alt_text ?? ''}
        placeholder={templateAltText({ ...message, alt_text: null }, tokenContext(message))}
        onChange={(event) => onChange({ ...message, alt_text: event.target.value === '' ? null : event.target.value })}
        count={{ show: true, max: LINE_LIMITS.altTextMax }}
        data-testid="builder-alt-text"
      />
    </Field>
  );
}
