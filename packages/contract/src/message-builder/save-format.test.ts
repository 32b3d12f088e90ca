import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  LinkUrlAttributes,
  MessageActionAttributes,
  MessageAttributes,
  TemplateSavePayload,
  messageColumnAttributes,
  messageConfirmAttributes,
  messageImageCarouselAttributes,
  messageQuickReplyAttributes,
} from './attributes.ts';
import { emptyMessage, newAction, newColumn, newImageCarouselColumn, newLinkUrl } from './defaults.ts';
import type {
  BuilderMessage,
  LinkUrl,
  MessageAction,
  MessageColumn,
  MessageConfirm,
  MessageImageCarousel,
  MessageQuickReply,
  MessageTemplateState,
} from './model.ts';
import {
  FORM_DATA_SKIPPED_KEYS,
  changedItems,
  fromSavePayload,
  nullifyNonNumericIds,
  renameNestedAttributes,
  roundBounds,
  skipClientKeys,
  toFormData,
  toSavePayload,
  trimStrings,
  type RenamedNestedKey,
} from './save-format.ts';

/** Drops the browser-only keys, as a saved and reloaded template has none. */
function withoutClientKeys(state: MessageTemplateState): MessageTemplateState {
  return skipClientKeys(state) as MessageTemplateState;
}

function templateState(message: BuilderMessage, name = 'テンプレート'): MessageTemplateState {
  return { id: null, message, template: { name, folder_id: null } };
}

/** A saved carousel: every item has an id, one button has a score. */
function savedCarousel(): MessageTemplateState {
  const column: MessageColumn = {
    ...newColumn(0),
    id: 11,
    title: '新商品',
    image_url: 'https://example.com/a.png',
    text: 'ご覧ください',
    message_actions: [
      { ...newAction('message'), id: 21, label: '見る', text: '見る', score: { id: 31, value: 5 } },
      { ...newAction('uri'), id: 22, label: '開く', uri: 'https://example.com' },
    ],
  };
  return {
    id: 1,
    message: { ...emptyMessage('carousel'), id: 2, message_columns: [column] },
    template: { name: 'A', folder_id: 3 },
  };
}

/** An image carousel with unsaved items and fractional bounds, as the editor leaves it. */
function editedImageCarousel(): MessageTemplateState {
  const column: MessageImageCarousel = {
    ...newImageCarouselColumn({ url: 'https://example.com/b.png', width: 1024, height: 1024 }),
    link_urls: [
      { ...newLinkUrl({ axis_x: 10.4, axis_y: 20.5, width: 300.49, height: 99.5 }), uri: ' https://example.com ' },
    ],
  };
  return templateState({ ...emptyMessage('image_carousel'), message_image_carousels: [column] }, ' 画像 ');
}

describe('save format rules (spec section 3 and 5)', () => {
  it('id (null when not a number): every id that is not a number is sent as null', () => {
    expect(
      nullifyNonNumericIds({ id: 'tmp-1', items: [{ id: 4 }, { id: undefined }, { id: Number.NaN }], other_id: 'x' }),
    ).toEqual({
      id: null,
      items: [{ id: 4 }, { id: null }, { id: null }],
      other_id: 'x',
    });
  });

  it('before saving, nested parts are renamed to nested attribute forms and the originals set to null', () => {
    const renamed = renameNestedAttributes({
      message: {
        message_confirm: { message_actions: [{ score: { value: 1 } }] },
        message_quick_reply: null,
        message_columns: [],
        message_image_carousels: [{ link_urls: [] }],
      },
      template: { name: 'a' },
    });
    expect(renamed).toEqual({
      message: null,
      message_attributes: {
        message_confirm: null,
        message_confirm_attributes: {
          message_actions: null,
          message_actions_attributes: [{ score: null, score_attributes: { value: 1 } }],
        },
        message_quick_reply: null,
        message_quick_reply_attributes: null,
        message_columns: null,
        message_columns_attributes: [],
        message_image_carousels: null,
        message_image_carousels_attributes: [{ link_urls: null, link_urls_attributes: [] }],
      },
      template: null,
      template_attributes: { name: 'a' },
    });
  });

  it('image carousel bounds (axis_x, axis_y, width, height) are rounded to whole numbers on save', () => {
    expect(
      roundBounds({
        image_width: 1024.4,
        link_urls: [{ axis_x: 1.5, axis_y: 2.49, width: 3.5, height: 4.51, label: 'a' }],
        nested: { link_urls_attributes: [{ axis_x: 0.2, axis_y: 0, width: 9.9, height: 1 }] },
      }),
    ).toEqual({
      image_width: 1024.4,
      link_urls: [{ axis_x: 2, axis_y: 2, width: 4, height: 5, label: 'a' }],
      nested: { link_urls_attributes: [{ axis_x: 0, axis_y: 0, width: 10, height: 1 }] },
    });
  });

  it('the client trims whitespace in every string of a payload, including nested strings', () => {
    expect(trimStrings({ name: ' a ', nested: { list: [' b', { c: 'c ' }] }, n: 1, ok: true, none: null })).toEqual({
      name: 'a',
      nested: { list: ['b', { c: 'c' }] },
      n: 1,
      ok: true,
      none: null,
    });
  });

  it('trimming leaves non-plain objects alone', () => {
    const date = new Date(0);
    expect(trimStrings({ date }).date).toBe(date);
  });

  it('form-data building skips previewImageUrl, form_random_id and imageUrl', () => {
    expect(FORM_DATA_SKIPPED_KEYS).toEqual(['previewImageUrl', 'form_random_id', 'imageUrl']);
    expect(skipClientKeys({ imageUrl: 'a', list: [{ form_random_id: 'k', previewImageUrl: 'p', id: 1 }] })).toEqual({
      list: [{ id: 1 }],
    });
    const form = toFormData({
      imageUrl: 'blob:x',
      plan: { name: '春', is_active: false, sort_index: 0, none: null, missing: undefined },
      plan_actions: [{ id: 3, form_random_id: 'k', message: { previewImageUrl: 'p', text: 'やあ' } }],
    });
    expect([...form.entries()]).toEqual([
      ['plan[name]', '春'],
      ['plan[is_active]', 'false'],
      ['plan[sort_index]', '0'],
      ['plan_actions[0][id]', '3'],
      ['plan_actions[0][message][text]', 'やあ'],
    ]);
  });

  it('form-data building sends files as files and adds to a given form', () => {
    const form = new FormData();
    form.append('existing', '1');
    const file = new Blob(['png'], { type: 'image/png' });
    toFormData({ image: file }, form);
    expect(form.get('existing')).toBe('1');
    expect(form.get('image')).toBeInstanceOf(Blob);
  });

  it('changed existing items are identified against previous items, matched by a chosen key, and their ids returned', () => {
    interface Box {
      id?: number;
      box_id: string;
      text: string;
      form_random_id?: string;
    }
    const previous: Box[] = [
      { id: 1, box_id: 'box-0-0', text: 'a' },
      { id: 2, box_id: 'box-1-0', text: 'b' },
      { id: 3, box_id: 'box-1-1', text: 'c' },
    ];
    const next: Box[] = [
      { id: 1, box_id: 'box-0-0', text: 'a', form_random_id: 'only-in-the-browser' },
      { id: 2, box_id: 'box-1-0', text: 'changed' },
      { box_id: 'box-1-1', text: 'c', id: 3 },
      { box_id: 'box-2-0', text: 'new' },
    ];
    expect(changedItems(previous, next, 'box_id')).toEqual([2]);
    expect(changedItems(previous, next, 'id')).toEqual([2]);
  });
});

describe('toSavePayload and fromSavePayload', () => {
  it('produces what the save schema accepts, with client keys gone and ids of new items null', () => {
    const payload = toSavePayload(editedImageCarousel());
    const column = payload.message_attributes.message_image_carousels_attributes?.[0];
    expect(payload.template_attributes.name).toBe('画像');
    expect(column?.link_urls_attributes[0]).toMatchObject({
      id: null,
      axis_x: 10,
      axis_y: 21,
      width: 300,
      height: 100,
      uri: 'https://example.com',
    });
    expect(JSON.stringify(payload)).not.toContain('form_random_id');
  });

  it('renames a saved carousel and reads it back unchanged', () => {
    const state = savedCarousel();
    const payload = toSavePayload(state);
    expect(payload).toMatchObject({
      id: 1,
      message: null,
      template: null,
      template_attributes: { name: 'A', folder_id: 3 },
      message_attributes: {
        id: 2,
        message_columns: null,
        message_columns_attributes: [
          {
            id: 11,
            message_actions: null,
            message_actions_attributes: [{ id: 21, score: null, score_attributes: { id: 31, value: 5 } }, { id: 22 }],
          },
        ],
      },
    });
    expect(fromSavePayload(payload)).toEqual(withoutClientKeys(state));
    expect(toSavePayload(fromSavePayload(payload))).toEqual(payload);
  });

  it.each(['text_message', 'image', 'sticker', 'confirm', 'quick_reply', 'carousel', 'image_carousel'] as const)(
    'round-trips an empty %s',
    (type) => {
      const state = templateState(emptyMessage(type));
      expect(fromSavePayload(toSavePayload(state))).toEqual(withoutClientKeys(state));
    },
  );

  it('round-trips an edited image carousel to its trimmed, rounded form', () => {
    const restored = fromSavePayload(toSavePayload(editedImageCarousel()));
    expect(restored.message.message_image_carousels?.[0]?.link_urls[0]).toMatchObject({
      axis_x: 10,
      uri: 'https://example.com',
    });
    expect(restored.template.name).toBe('画像');
  });
});

/** The keys a model type is saved with: a renamed part keeps its (null) original beside `<name>_attributes`. */
type SavedKeys<T> = {
  [K in Exclude<keyof T, 'form_random_id'>]-?: K extends RenamedNestedKey ? K | `${K}_attributes` : K;
}[Exclude<keyof T, 'form_random_id'>];

describe('TypeScript-level fidelity', () => {
  it('types the payload as the save schema and the read-back as the model', () => {
    expectTypeOf(toSavePayload).parameter(0).toEqualTypeOf<MessageTemplateState>();
    expectTypeOf(toSavePayload).returns.toEqualTypeOf<TemplateSavePayload>();
    expectTypeOf(fromSavePayload).parameter(0).toEqualTypeOf<TemplateSavePayload>();
    expectTypeOf(fromSavePayload).returns.toEqualTypeOf<MessageTemplateState>();
  });

  it('gives every model part exactly the save-format keys the renaming rule makes', () => {
    expectTypeOf<SavedKeys<MessageTemplateState>>().toEqualTypeOf<keyof TemplateSavePayload>();
    expectTypeOf<SavedKeys<BuilderMessage>>().toEqualTypeOf<keyof MessageAttributes>();
    expectTypeOf<SavedKeys<MessageConfirm>>().toEqualTypeOf<keyof z.infer<typeof messageConfirmAttributes>>();
    expectTypeOf<SavedKeys<MessageQuickReply>>().toEqualTypeOf<keyof z.infer<typeof messageQuickReplyAttributes>>();
    expectTypeOf<SavedKeys<MessageColumn>>().toEqualTypeOf<keyof z.infer<typeof messageColumnAttributes>>();
    expectTypeOf<SavedKeys<MessageImageCarousel>>().toEqualTypeOf<
      keyof z.infer<typeof messageImageCarouselAttributes>
    >();
    expectTypeOf<SavedKeys<MessageAction>>().toEqualTypeOf<keyof MessageActionAttributes>();
    expectTypeOf<SavedKeys<LinkUrl>>().toEqualTypeOf<keyof LinkUrlAttributes>();
  });
});
