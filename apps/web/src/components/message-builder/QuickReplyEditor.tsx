import { PlusOutlined } from '@ant-design/icons';
import { LINE_LIMITS, newAction, type BuilderMessage, type MessageQuickReply } from '@linq/contract';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionEditor } from './ActionEditor.tsx';
import { PathIssues } from './fields.tsx';
import { ItemCards } from './ItemCards.tsx';
import { TextEditor } from './TextEditor.tsx';
import '../../app/i18n/parts/message-builder.ts';

/** A text with 1–13 quick-reply buttons under it. */
export function QuickReplyEditor({
  message,
  quickReply,
  onChange,
}: {
  message: BuilderMessage;
  quickReply: MessageQuickReply;
  onChange: (next: BuilderMessage) => void;
}) {
  const { t } = useTranslation();
  const actions = quickReply.message_actions;
  const path = ['message_quick_reply', 'message_actions'];
  const setActions = (message_actions: MessageQuickReply['message_actions']) =>
    onChange({ ...message, message_quick_reply: { ...quickReply, message_actions } });
  const full = actions.length >= LINE_LIMITS.quickReplyItemsMax;

  return (
    <>
      <TextEditor
        value={message.text ?? ''}
        onChange={(text) => onChange({ ...message, text })}
        path={['text']}
        label={t('messageBuilder.text.label')}
      />
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {t('messageBuilder.quickReply.items', { count: actions.length, max: LINE_LIMITS.quickReplyItemsMax })}
      </Typography.Title>
      <PathIssues path={path} />
      <Flex vertical gap={12}>
        <ItemCards
          items={actions}
          onChange={setActions}
          name={(index) => t('messageBuilder.quickReply.item', { n: index + 1 })}
          direction="vertical"
          testId="builder-quick-reply"
        >
          {(action, index, replace) => <ActionEditor action={action} path={[...path, index]} onChange={replace} />}
        </ItemCards>
        <Button
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => setActions([...actions, newAction()])}
          data-testid="builder-quick-reply-add"
        >
          {t('messageBuilder.quickReply.add')}
        </Button>
        {full && (
          <Typography.Text type="secondary">
            {t('messageBuilder.quickReply.full', { max: LINE_LIMITS.quickReplyItemsMax })}
          </Typography.Text>
        )}
      </Flex>
    </>
  );
}
