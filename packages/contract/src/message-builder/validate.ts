import {
  CONFIRM_ACTIONS_COUNT,
  FLEX_IMAGE_MAX_HEIGHT_RATIO,
  IMAGE_URL_MAX,
  LINE_LIMITS,
  URI_SCHEMES,
  isSendableSticker,
} from './limits.ts';
import type { BuilderMessage, LinkUrl, MessageAction, MessageColumn, MessageImageCarousel } from './model.ts';
import { RENAMED_NESTED_KEYS } from './save-format.ts';
import { countEmoji, countedLength, formIdOfAddress } from './variables.ts';

/*
 * The LINE rules a builder message must meet before it is saved or sent, checked for its
 * message_type only: the builder keeps the other types' parts while the user switches, and they
 * are never sent. Each issue names the field by its path in the model and says why in Japanese.
 *
 * Lengths: a variable's value is only known per friend, so text is counted as typed, a variable
 * by its token's length ({{name}} is 8) and a LINE emoji token as the one character it is sent as.
 */

export type MessagePath = (string | number)[];

export interface MessageIssue {
  path: MessagePath;
  message: string;
}

const LINE = '（LINEの上限）';

class IssueList {
  readonly issues: MessageIssue[] = [];

  add(path: MessagePath, message: string): void {
    this.issues.push({ path, message });
  }

  /** Required, with at most `max` characters (emoji tokens counted as one). */
  text(path: MessagePath, value: string | null, name: string, max: number, required = true): void {
    const text = value?.trim() ?? '';
    if (text === '') {
      if (required) this.add(path, `${name}を入力してください`);
      return;
    }
    if (countedLength(text) > max) this.add(path, `${name}は${max}文字以内にしてください${LINE}`);
  }

  /** LINE emoji only exist in a text message's body. */
  noEmoji(path: MessagePath, value: string | null, name: string): void {
    if (value && countEmoji(value) > 0) this.add(path, `${name}にはLINE絵文字を使えません`);
  }

  /** Whether the count was within min..max (an issue is added when not). */
  count(path: MessagePath, length: number, name: string, min: number, max: number, unit: string): boolean {
    if (length < min) this.add(path, `${name}を${min}${unit}以上追加してください`);
    else if (length > max) this.add(path, `${name}は${max}${unit}までです${LINE}`);
    else return true;
    return false;
  }

  imageUrl(path: MessagePath, value: string | null, name: string): void {
    const url = value?.trim() ?? '';
    if (url === '') this.add(path, `${name}を選んでください`);
    else if (url.length > IMAGE_URL_MAX) this.add(path, `${name}のURLは${IMAGE_URL_MAX}文字以内にしてください${LINE}`);
    else if (!hasScheme(url, ['http:', 'https:']))
      this.add(path, `${name}のURLはhttps://またはhttp://で始めてください`);
  }
}

function hasScheme(address: string, schemes: readonly string[]): boolean {
  try {
    return schemes.includes(new URL(address).protocol);
  } catch {
    return false;
  }
}

/** `labelRequired`: buttons and quick-reply items show their label; an image area's label is optional. */
function checkAction(list: IssueList, action: MessageAction, path: MessagePath, labelRequired: boolean): void {
  list.text([...path, 'label'], action.label, 'ラベル', LINE_LIMITS.actionLabelMax, labelRequired);
  list.noEmoji([...path, 'label'], action.label, 'ラベル');
  switch (action.action_type) {
    case 'message':
      list.text([...path, 'text'], action.text, '送信テキスト', LINE_LIMITS.actionTextMax);
      list.noEmoji([...path, 'text'], action.text, '送信テキスト');
      break;
    case 'postback':
      list.text([...path, 'display_text'], action.display_text, '表示テキスト', LINE_LIMITS.displayTextMax, false);
      list.noEmoji([...path, 'display_text'], action.display_text, '表示テキスト');
      break;
    case 'uri': {
      const uri = action.uri?.trim() ?? '';
      const uriPath = [...path, 'uri'];
      if (uri === '') list.add(uriPath, 'URLを入力してください');
      else if (uri.length > LINE_LIMITS.uriMax)
        list.add(uriPath, `URLは${LINE_LIMITS.uriMax}文字以内にしてください${LINE}`);
      else if (formIdOfAddress(uri) === null && !hasScheme(uri, URI_SCHEMES))
        list.add(uriPath, 'URLはhttps://、http://、tel:、line:のいずれかで始めてください');
      break;
    }
  }
  const score = action.score;
  if (
    score !== null &&
    (!Number.isInteger(score.value) || score.value < LINE_LIMITS.scoreMin || score.value > LINE_LIMITS.scoreMax)
  ) {
    list.add(
      [...path, 'score', 'value'],
      `スコアは${LINE_LIMITS.scoreMin}から${LINE_LIMITS.scoreMax}までの整数にしてください`,
    );
  }
}

function checkActions(list: IssueList, actions: MessageAction[], path: MessagePath, labelRequired: boolean): void {
  actions.forEach((action, index) => checkAction(list, action, [...path, index], labelRequired));
}

function checkBodyText(list: IssueList, text: string | null): void {
  list.text(['text'], text, 'テキスト', LINE_LIMITS.textMax);
  if (text && countEmoji(text) > LINE_LIMITS.emojiMax) {
    list.add(['text'], `LINE絵文字は${LINE_LIMITS.emojiMax}個までです${LINE}`);
  }
}

function checkAltText(list: IssueList, message: BuilderMessage): void {
  list.text(['alt_text'], message.alt_text, '通知テキスト', LINE_LIMITS.altTextMax, false);
  list.noEmoji(['alt_text'], message.alt_text, '通知テキスト');
}

function checkColumns(list: IssueList, columns: MessageColumn[]): void {
  list.count(['message_columns'], columns.length, 'カード', 1, LINE_LIMITS.carouselColumnsMax, '枚');
  const [first] = columns;
  if (!first) return;
  const withImage = columns.some((column) => column.image_url?.trim());
  const withTitle = columns.some((column) => column.title?.trim());
  columns.forEach((column, index) => {
    const path = ['message_columns', index];
    const hasImage = Boolean(column.image_url?.trim());
    const hasTitle = Boolean(column.title?.trim());
    if (withImage && !hasImage)
      list.add([...path, 'image_url'], '画像を使うカードがあるときは、すべてのカードに画像が必要です');
    if (hasImage) list.imageUrl([...path, 'image_url'], column.image_url, '画像');
    if (withTitle && !hasTitle)
      list.add([...path, 'title'], 'タイトルを使うカードがあるときは、すべてのカードにタイトルが必要です');
    list.text([...path, 'title'], column.title, 'タイトル', LINE_LIMITS.columnTitleMax, false);
    list.noEmoji([...path, 'title'], column.title, 'タイトル');
    const textMax = withImage || withTitle ? LINE_LIMITS.columnTextWithImageOrTitleMax : LINE_LIMITS.columnTextMax;
    const textName = withImage || withTitle ? '画像かタイトルのあるカードの本文' : '本文';
    list.text([...path, 'text'], column.text, textName, textMax);
    list.noEmoji([...path, 'text'], column.text, '本文');
    const actionsPath = [...path, 'message_actions'];
    const countFits = list.count(
      actionsPath,
      column.message_actions.length,
      'ボタン',
      1,
      LINE_LIMITS.columnActionsMax,
      'つ',
    );
    if (countFits && index > 0 && column.message_actions.length !== first.message_actions.length) {
      list.add(actionsPath, `すべてのカードのボタンの数をそろえてください（1枚目は${first.message_actions.length}つ）`);
    }
    checkActions(list, column.message_actions, actionsPath, true);
  });
}

function checkArea(list: IssueList, area: LinkUrl, column: MessageImageCarousel, path: MessagePath): void {
  const { axis_x: x, axis_y: y, width, height } = area;
  if (width < 1 || height < 1) list.add([...path, 'width'], 'タップ領域の幅と高さは1ピクセル以上にしてください');
  if (x < 0 || y < 0 || x + width > column.image_width || y + height > column.image_height) {
    list.add([...path, 'axis_x'], 'タップ領域は画像の内側に収めてください');
  }
  checkAction(list, area, path, false);
}

function checkImageCarousels(list: IssueList, columns: MessageImageCarousel[]): void {
  list.count(['message_image_carousels'], columns.length, '画像', 1, LINE_LIMITS.imageCarouselColumnsMax, '枚');
  columns.forEach((column, index) => {
    const path = ['message_image_carousels', index];
    list.imageUrl([...path, 'image_url'], column.image_url, '画像');
    const edge = LINE_LIMITS.imageMaxEdge;
    if (column.image_width > edge || column.image_height > edge) {
      list.add([...path, 'image_url'], `画像の幅と高さは${edge}ピクセル以下にしてください${LINE}`);
    }
    if (column.image_height > column.image_width * FLEX_IMAGE_MAX_HEIGHT_RATIO) {
      list.add([...path, 'image_url'], `画像の高さは幅の${FLEX_IMAGE_MAX_HEIGHT_RATIO}倍以下にしてください${LINE}`);
    }
    const areasPath = [...path, 'link_urls'];
    list.count(areasPath, column.link_urls.length, 'タップ領域', 1, LINE_LIMITS.linkUrlsMax, 'つ');
    column.link_urls.forEach((area, areaIndex) => checkArea(list, area, column, [...areasPath, areaIndex]));
  });
}

/** Every LINE rule the message breaks, for its message_type; empty when it can be sent. */
export function validateMessage(message: BuilderMessage): MessageIssue[] {
  const list = new IssueList();
  switch (message.message_type) {
    case 'text_message':
      checkBodyText(list, message.text);
      break;
    case 'quick_reply': {
      checkBodyText(list, message.text);
      const actions = message.message_quick_reply?.message_actions ?? [];
      const path = ['message_quick_reply', 'message_actions'];
      list.count(path, actions.length, 'クイックリプライのボタン', 1, LINE_LIMITS.quickReplyItemsMax, 'つ');
      checkActions(list, actions, path, true);
      break;
    }
    case 'image':
      list.imageUrl(['image_url'], message.image_url, '画像');
      break;
    case 'sticker':
      if (!message.sticker_package_id || !message.sticker_id) list.add(['sticker_id'], 'スタンプを選んでください');
      else if (!isSendableSticker(message.sticker_package_id, message.sticker_id)) {
        list.add(['sticker_id'], 'このスタンプはLINE公式アカウントから送れません');
      }
      break;
    case 'confirm': {
      checkAltText(list, message);
      const confirm = message.message_confirm;
      list.text(['message_confirm', 'text'], confirm?.text ?? null, '質問文', LINE_LIMITS.confirmTextMax);
      list.noEmoji(['message_confirm', 'text'], confirm?.text ?? null, '質問文');
      const actions = confirm?.message_actions ?? [];
      const path = ['message_confirm', 'message_actions'];
      if (actions.length !== CONFIRM_ACTIONS_COUNT) {
        list.add(path, `確認メッセージの選択肢はちょうど${CONFIRM_ACTIONS_COUNT}つにしてください${LINE}`);
      }
      checkActions(list, actions, path, true);
      break;
    }
    case 'carousel':
      checkAltText(list, message);
      checkColumns(list, message.message_columns ?? []);
      break;
    case 'image_carousel':
      checkAltText(list, message);
      checkImageCarousels(list, message.message_image_carousels ?? []);
      break;
  }
  return list.issues;
}

const RENAMED = new Set<string>(RENAMED_NESTED_KEYS);
const ATTRIBUTES_SUFFIX = '_attributes';
const MESSAGE_ATTRIBUTES = 'message_attributes';

/** A model path (inside the message) as the save format's dotted key, as the server names errors. */
export function attributesPath(path: MessagePath): string {
  const segments = path.map((segment) =>
    typeof segment === 'string' && RENAMED.has(segment) ? `${segment}${ATTRIBUTES_SUFFIX}` : String(segment),
  );
  return [MESSAGE_ATTRIBUTES, ...segments].join('.');
}

/** A save-format dotted key back to a model path inside the message; null when it is not about the message. */
export function modelPath(dottedAttributesKey: string): MessagePath | null {
  const [root, ...segments] = dottedAttributesKey.split('.');
  if (root !== MESSAGE_ATTRIBUTES) return null;
  return segments.map((segment) => {
    if (/^\d+$/.test(segment)) return Number(segment);
    const name = segment.endsWith(ATTRIBUTES_SUFFIX) ? segment.slice(0, -ATTRIBUTES_SUFFIX.length) : segment;
    return RENAMED.has(name) ? name : segment;
  });
}
