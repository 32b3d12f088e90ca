import { LINE_LIMITS, type BuilderMessage, type MessageConfirm } from '@linq/contract';
import { Flex, Input } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionEditor } from './ActionEditor.tsx';
import { AltTextField } from './AltTextField.tsx';
import { Field, PathIssues } from './fields.tsx';
import { ItemCards } from './ItemCards.tsx';
import '../../app/i18n/parts/message-builder.ts';

/** A question and its two answers. */
export function ConfirmEditor({
  message,
  confirm,
  onChange,
}: {
  message: BuilderMessage;
  confirm: MessageConfirm;
  onChange: (next: BuilderMessage) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const setConfirm = (next: MessageConfirm) => onChange({ ...message, message_confirm: next });
  const actions = confirm.message_actions;
  const actionsPath = ['message_confirm', 'message_actions'];

  return (
    <>
      <Field path={['message_confirm', 'text']} label={t('messageBuilder.confirm.question')} htmlFor={id}>
        <Input.TextArea
          id={id}
          value={confirm.text}
          onChange={(event) => setConfirm({ ...confirm, text: event.target.value })}
          autoSize={{ minRows: 2, maxRows: 8 }}
          count={{ show: true, max: LINE_LIMITS.confirmTextMax }}
          data-testid="builder-confirm-text"
        />
      </Field>
      <PathIssues path={actionsPath} />
      <Flex vertical gap={12} style={{ marginBottom: 16 }}>
        {/* Two answers exactly: they can swap places; extra ones (from elsewhere) can be removed. */}
        <ItemCards
          items={actions}
          onChange={(message_actions) => setConfirm({ ...confirm, message_actions })}
          name={(index) => t('messageBuilder.confirm.answer', { n: index + 1 })}
          direction="horizontal"
          minCount={2}
          testId="builder-confirm-answer"
        >
          {(action, index, replace) => (
            <ActionEditor action={action} path={[...actionsPath, index]} onChange={replace} />
          )}
        </ItemCards>
      </Flex>
      <AltTextField message={message} onChange={onChange} />
    </>
  );
}
