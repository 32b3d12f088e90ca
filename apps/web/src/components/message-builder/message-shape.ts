import { CONFIRM_ACTIONS_COUNT, emptyMessage, newAction, type BuilderMessage } from '@linq/contract';

/**
 * The message with every part its type's editor works on (a message read from elsewhere may lack
 * them): the same object when nothing is missing. New parts are empty and new, so nothing the user
 * made is changed; they are kept once the user edits the message.
 */
export function withEditableShape(message: BuilderMessage): BuilderMessage {
  switch (message.message_type) {
    case 'text_message':
      return message.text === null ? { ...message, text: '' } : message;
    case 'quick_reply':
      if (message.text !== null && message.message_quick_reply) return message;
      return {
        ...message,
        text: message.text ?? '',
        message_quick_reply: message.message_quick_reply ?? { id: null, message_actions: [newAction()] },
      };
    case 'confirm': {
      const confirm = message.message_confirm ?? emptyMessage('confirm').message_confirm;
      if (!confirm) return message;
      const missing = CONFIRM_ACTIONS_COUNT - confirm.message_actions.length;
      if (message.message_confirm && missing <= 0) return message;
      const message_actions =
        missing > 0
          ? [...confirm.message_actions, ...Array.from({ length: missing }, () => newAction())]
          : confirm.message_actions;
      return { ...message, message_confirm: { ...confirm, message_actions } };
    }
    case 'carousel':
      return message.message_columns
        ? message
        : { ...message, message_columns: emptyMessage('carousel').message_columns };
    case 'image_carousel':
      return message.message_image_carousels ? message : { ...message, message_image_carousels: [] };
    case 'image':
    case 'sticker':
      return message;
  }
}
