import { emptyMessage, newAction, type MessageTemplateState, type TemplateDetail } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { snapshotOf, splitSaveErrors, templateStateOf } from './template-editing.ts';
import {
  createPathOf,
  editPathOf,
  listPathOf,
  messageTypeOf,
  SERVICE_TEMPLATES,
  TEPPAN_TEMPLATES,
} from './template-kind.ts';

function detailOf(overrides: Partial<TemplateDetail['plan']> = {}, withBox = true): TemplateDetail {
  const plan = {
    id: 7,
    name: '予約案内',
    message_type: 'text_message' as const,
    folder_id: 3,
    updated_at: '2026-01-01T00:00:00+09:00',
    ...overrides,
  };
  const message = { ...emptyMessage(plan.message_type), id: 11, text: 'こんにちは' };
  const box = {
    id: null,
    box_id: 'box-0-0',
    box_level: 0,
    box_index: 0,
    parent_box_id: null,
    parent_box_ids: [],
    x: 250,
    y: 50,
    box_width: 150,
    box_height: 100,
    diagram_hide: false,
    diagram_hide_children: false,
    message_type: plan.message_type,
    message,
    should_empty: false,
    use_template: true,
  };
  return { plan, plan_actions: withBox ? [box] : [], plan_timings: [] };
}

describe('template addresses', () => {
  it('reads the message type of the address; anything else is none', () => {
    expect(messageTypeOf('carousel')).toBe('carousel');
    expect(messageTypeOf('text')).toBeNull();
    expect(messageTypeOf(undefined)).toBeNull();
  });

  it('builds list, create and edit paths per kind, keeping the folder', () => {
    expect(listPathOf(SERVICE_TEMPLATES, 'confirm')).toBe('/service/templates/confirm');
    expect(listPathOf(SERVICE_TEMPLATES, 'confirm', 4)).toBe('/service/templates/confirm?folder_id=4');
    expect(createPathOf(TEPPAN_TEMPLATES, 'image', null)).toBe('/admin/teppan/templates/image/create');
    expect(createPathOf(SERVICE_TEMPLATES, 'image', 2)).toBe('/service/templates/image/create?folder_id=2');
    expect(editPathOf(TEPPAN_TEMPLATES, 'sticker', 9)).toBe('/admin/teppan/templates/sticker/edit/9');
  });
});

describe('template editing', () => {
  it('takes the message of the first box, the name and folder of the plan', () => {
    const state = templateStateOf(detailOf());
    expect(state).toMatchObject({ id: 7, template: { name: '予約案内', folder_id: 3 } });
    expect(state.message).toMatchObject({ id: 11, text: 'こんにちは' });
  });

  it('starts an empty message of the type when the answer has no box', () => {
    const state = templateStateOf(detailOf({ message_type: 'confirm' }, false));
    expect(state.message.message_type).toBe('confirm');
    expect(state.message.message_confirm?.message_actions).toHaveLength(2);
  });

  it('ignores client keys when comparing for unsaved changes', () => {
    const action = newAction('postback');
    const state: MessageTemplateState = {
      id: null,
      message: {
        ...emptyMessage('quick_reply'),
        message_quick_reply: { id: null, message_actions: [action] },
      },
      template: { name: 'a', folder_id: null },
    };
    const rekeyed = structuredClone(state);
    rekeyed.message.message_quick_reply!.message_actions[0]!.form_random_id = 'another';
    expect(snapshotOf(rekeyed)).toBe(snapshotOf(state));
    rekeyed.template.name = 'b';
    expect(snapshotOf(rekeyed)).not.toBe(snapshotOf(state));
  });

  it('puts 422 messages on the name, the folder, the message fields or above the form', () => {
    const split = splitSaveErrors({
      'template_attributes.name': { description: '入力してください' },
      'template_attributes.folder_id': { description: 'フォルダが見つかりません' },
      'message_attributes.message_columns_attributes.0.title': { description: '40文字以内' },
      id: { description: '別のテンプレートです' },
    });
    expect(split).toEqual({
      name: ['入力してください'],
      folder: ['フォルダが見つかりません'],
      message: { 'message_attributes.message_columns_attributes.0.title': { description: '40文字以内' } },
      others: ['別のテンプレートです'],
    });
  });
});
