import {
  emptyMessage,
  newAction,
  newColumn,
  newImageCarouselColumn,
  SENDABLE_STICKERS,
  toSavePayload,
  type ActionType,
  type BuilderMessage,
  type MessageAction,
  type MessageTemplateState,
  type MessageType,
  type TemplateDetail,
  type TemplateSavePayload,
} from '@linq/contract';

/*
 * Builder messages for tests, made the way the console makes them (the defaults helpers), filled
 * in so that each passes LINE's rules; and the save payloads the console sends for them.
 */

/** An action of `type` with a label, its type's field and, when given, a score. */
export function action(type: ActionType, label: string, score: number | null = null): MessageAction {
  const base = { ...newAction(type), label, score: score === null ? null : { id: null, value: score } };
  switch (type) {
    case 'message':
      return { ...base, text: `${label}です` };
    case 'postback':
      return { ...base, display_text: `${label}を選びました` };
    case 'uri':
      return { ...base, uri: 'https://example.com/campaign' };
  }
}

export const EXAMPLE_IMAGE_URL = 'https://example.com/images/template.png';

/** A valid message of each type. */
export function messageOf(type: MessageType): BuilderMessage {
  const empty = emptyMessage(type);
  switch (type) {
    case 'text_message':
      return { ...empty, text: 'こんにちは、{{name}}さん' };
    case 'quick_reply':
      return {
        ...empty,
        text: 'ご希望の日を選んでください',
        message_quick_reply: {
          id: null,
          message_actions: [action('message', '今日', 1), action('postback', '明日', 2), action('uri', '詳細')],
        },
      };
    case 'confirm':
      return {
        ...empty,
        alt_text: 'ご来店の確認',
        message_confirm: {
          id: null,
          text: 'ご来店されますか？',
          message_actions: [action('postback', 'はい', 10), action('message', 'いいえ', -5)],
        },
      };
    case 'carousel':
      return {
        ...empty,
        alt_text: '今月のおすすめ',
        message_columns: ['春のセット', '夏のセット'].map((title, index) => ({
          ...newColumn(0),
          title,
          text: `${title}のご案内`,
          message_actions: [action('postback', `${title}を予約`, 5 + index), action('uri', '詳しく見る')],
        })),
      };
    case 'image_carousel': {
      const column = newImageCarouselColumn({ url: EXAMPLE_IMAGE_URL, width: 1000, height: 800 });
      return {
        ...empty,
        alt_text: '画像のご案内',
        message_image_carousels: [
          {
            ...column,
            link_urls: [
              { ...action('postback', '左', 3), axis_x: 0, axis_y: 0, width: 500, height: 800 },
              { ...action('uri', ''), axis_x: 500, axis_y: 0, width: 500, height: 800 },
            ],
          },
        ],
      };
    }
    case 'image':
      return { ...empty, image_url: EXAMPLE_IMAGE_URL };
    case 'sticker':
      return {
        ...empty,
        sticker_package_id: SENDABLE_STICKERS[0]!.packageId,
        sticker_id: SENDABLE_STICKERS[0]!.stickerIds[0]!,
      };
  }
}

/** The save payload of a template (id null: a new one). */
export function payloadOf(
  message: BuilderMessage,
  template: { name?: string; folder_id?: number | null } = {},
  id: number | null = null,
): TemplateSavePayload {
  return toSavePayload({
    id,
    message,
    template: {
      name: template.name ?? `テンプレート ${Math.random().toString(36).slice(2, 8)}`,
      folder_id: template.folder_id ?? null,
    },
  });
}

/** The template as the editor holds it after reading GET /templates/:id. */
export function stateOf(detail: TemplateDetail): MessageTemplateState {
  return {
    id: detail.plan.id,
    message: detail.plan_actions[0]!.message,
    template: { name: detail.plan.name, folder_id: detail.plan.folder_id },
  };
}

/** Every id of the message's nested items (the message's own included), in document order. */
export function idsOf(value: unknown): number[] {
  if (Array.isArray(value)) return value.flatMap(idsOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === 'id' ? (typeof item === 'number' ? [item] : []) : idsOf(item),
  );
}

/** The value with every id null and client keys dropped: what a message is, whatever ids it got. */
export function withoutItemIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutItemIds);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'form_random_id')
      .map(([key, item]) => [key, key === 'id' ? null : withoutItemIds(item)]),
  );
}

/** A multipart/form-data body with one PNG in the "file" field, as a browser's FormData sends it. */
export function multipartImage(bytes: Buffer): { payload: Buffer; contentType: string } {
  const boundary = `----linq${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
