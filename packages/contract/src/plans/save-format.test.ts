import { describe, expect, it } from 'vitest';
import { newImageCarouselColumn, newLinkUrl } from '../message-builder/defaults.ts';
import { skipClientKeys, trimStrings } from '../message-builder/save-format.ts';
import type { PlanDetail } from './model.ts';
import {
  PLAN_FORM_LIST_FIELDS,
  PLAN_SAVE_EXCLUDED_KEYS,
  PlanFormDataError,
  fromPlanFormData,
  fromPlanSavePayload,
  parseBracketEntries,
  parsePlanFormData,
  toPlanFormData,
  toPlanSavePayload,
} from './save-format.ts';
import { addChild, box, branchingScenario, withBox, withTiming } from './test-support.ts';

/** The scenario as the editor leaves it before a save: targets, labels, a removed box, padded strings, client keys. */
function editedScenario(): PlanDetail {
  let detail = addChild(branchingScenario(), 'box-2-0', 'image_carousel');
  detail = withBox(detail, 'box-3-0', (action) => ({ ...action, _destroy: true }));
  detail = withTiming(detail, 'box-3-0', (timing) => ({ ...timing, _destroy: true }));
  detail = withBox(detail, 'box-1-1', (action) => ({
    ...action,
    message_type: 'image_carousel',
    message: {
      ...action.message,
      message_type: 'image_carousel',
      alt_text: '  画像のご案内  ',
      message_image_carousels: [
        {
          ...newImageCarouselColumn({ url: 'https://example.com/b.png', width: 1000, height: 800 }),
          link_urls: [
            {
              ...newLinkUrl({ axis_x: 10.4, axis_y: 20.6, width: 300.5, height: 99.49 }),
              uri: ' https://example.com ',
            },
          ],
        },
      ],
    },
    tag_ids: [7],
    rich_menu_id: undefined,
  }));
  detail = withTiming(detail, 'box-2-0', (timing) => ({
    ...timing,
    id: 40,
    timing_type: 'send_repeat',
    is_repeat: true,
    repeat_weekdays: [1, 3],
    repeat_date_times: [' 10:00', '18:00 '],
    repeat_times: 3,
    touched: true,
  }));
  return {
    ...detail,
    plan: {
      ...detail.plan,
      id: 12,
      name: '  友だち追加シナリオ  ',
      folder_id: 3,
      tags: [{ id: 1, name: 'VIP' }],
      tag_ids: [1],
      marks: [],
      mark_ids: [],
      target_send: 'advanced',
      target_is_all: false,
      target_tags: [
        { id: 5, name: '東京' },
        { id: 6, name: '大阪' },
      ],
      target_marks: [],
      target_friends: [{ id: 900, display_name: '山田' }],
      target_is_specified_friend: true,
      target_conditions: [
        { id: 21, tags_accepted: [{ id: 5, name: '東京' }], tags_excepted: [{ id: 8, name: '退会' }] },
        { id: null, tags_accepted: [{ id: 6, name: '大阪' }], tags_excepted: [] },
      ],
      deletedConditionIds: [22],
      auto_keywords: [' 予約 ', 'キャンセル'],
      start_plan: { id: 4, name: '別シナリオ' },
      start_plan_id: 4,
      rich_menu: null,
      rich_menu_id: undefined,
      link_urls: [{ id: 3, uri: 'https://example.com' }],
    },
  };
}

const entriesOf = (form: FormData) => [...form.entries()].map(([key, value]) => [key, String(value)] as const);
const keysOf = (form: FormData) => [...form.keys()];
const valuesOf = (form: FormData, key: string) => form.getAll(key).map(String);

describe('plan save format (spec sections 3, 5 and 7)', () => {
  it('the body is multipart form data: plan fields, folder_id (from the selected folder), plan_actions_attributes, plan_timings_attributes and target_conditions_attributes', () => {
    const form = toPlanFormData(toPlanSavePayload(editedScenario(), { selectedFolderId: 9 }));
    expect(valuesOf(form, 'plan_type')).toEqual(['scenario']);
    expect(valuesOf(form, 'is_active')).toEqual(['false']);
    expect(valuesOf(form, 'folder_id')).toEqual(['9']);
    expect(valuesOf(form, 'plan_actions_attributes[0][box_id]')).toEqual(['box-0']);
    expect(valuesOf(form, 'plan_timings_attributes[0][timing_type]')).toEqual(['send_immediate']);
    expect(valuesOf(form, 'target_conditions_attributes[0][id]')).toEqual(['21']);
    // Without a selected folder the plan keeps its own.
    expect(valuesOf(toPlanFormData(toPlanSavePayload(editedScenario())), 'folder_id')).toEqual(['3']);
  });

  it('plan_timings_attributes are sent without those marked destroyed', () => {
    const detail = editedScenario();
    const payload = toPlanSavePayload(detail);
    expect(detail.plan_timings.map((timing) => timing.end)).toContain('box-3-0');
    expect(payload.plan_timings_attributes.map((timing) => timing.end)).toEqual(['box-1-0', 'box-1-1', 'box-2-0']);
    expect(
      keysOf(toPlanFormData(payload)).some((key) => key.includes('[_destroy]') && key.startsWith('plan_timings')),
    ).toBe(false);
    // Removed boxes are sent with the destroy flag so the server deletes them.
    expect(box(fromPlanSavePayload(payload).plan_actions, 'box-3-0')._destroy).toBe(true);
  });

  it('excluded from plan-level conversion: marks, tags, start_plan, rich_menu, link_urls, target_conditions, deletedConditionIds', () => {
    const payload = toPlanSavePayload(editedScenario());
    const form = toPlanFormData(payload);
    for (const key of PLAN_SAVE_EXCLUDED_KEYS) {
      expect(payload).not.toHaveProperty(key);
      expect(keysOf(form).filter((name) => name === key || name.startsWith(`${key}[`))).toEqual([]);
    }
    // The ids they stand for are sent instead.
    expect(valuesOf(form, 'tag_ids[]')).toEqual(['1']);
    expect(valuesOf(form, 'start_plan_id')).toEqual(['4']);
    // The named targets go as id lists.
    expect(valuesOf(form, 'target_tag_ids[]')).toEqual(['5', '6']);
    expect(valuesOf(form, 'target_friend_ids[]')).toEqual(['900']);
    expect(keysOf(form).some((key) => /^target_(tags|marks|friends)\[/.test(key))).toBe(false);
  });

  it('target conditions are sent as tag_ids_accepted and tag_ids_excepted; a deleted condition as an id plus a destroy flag', () => {
    const form = toPlanFormData(toPlanSavePayload(editedScenario()));
    const conditions = entriesOf(form).filter(([key]) => key.startsWith('target_conditions_attributes'));
    expect(conditions).toEqual([
      ['target_conditions_attributes[0][id]', '21'],
      ['target_conditions_attributes[0][tag_ids_accepted][]', '5'],
      ['target_conditions_attributes[0][tag_ids_excepted][]', '8'],
      ['target_conditions_attributes[1][tag_ids_accepted][]', '6'],
      ['target_conditions_attributes[1][tag_ids_excepted][]', ''],
      ['target_conditions_attributes[2][id]', '22'],
      ['target_conditions_attributes[2][_destroy]', 'true'],
    ]);
  });

  it('form-data list fields are sent as lists in bracket form: mark_ids, tag_ids, target_tag_ids, target_mark_ids, repeat_weekdays, repeat_date_times, auto_keywords, auto_weekdays', () => {
    const keys = keysOf(toPlanFormData(toPlanSavePayload(editedScenario())));
    for (const field of PLAN_FORM_LIST_FIELDS) {
      expect(keys.some((key) => key === `${field}[]` || key.endsWith(`[${field}][]`))).toBe(true);
      expect(keys.some((key) => new RegExp(`(^|\\[)${field}\\]?\\[\\d+\\]`).test(key))).toBe(false);
    }
    const form = toPlanFormData(toPlanSavePayload(editedScenario()));
    expect(valuesOf(form, 'plan_timings_attributes[2][repeat_weekdays][]')).toEqual(['1', '3']);
    expect(valuesOf(form, 'auto_keywords[]')).toEqual(['予約', 'キャンセル']);
  });

  it('the client trims whitespace in every string of a payload, including nested strings', () => {
    const payload = toPlanSavePayload(editedScenario());
    expect(payload.name).toBe('友だち追加シナリオ');
    expect(payload.auto_keywords).toEqual(['予約', 'キャンセル']);
    expect(payload.plan_timings_attributes[2]?.repeat_date_times).toEqual(['10:00', '18:00']);
    const carousel = payload.plan_actions_attributes[2]?.message_attributes;
    expect(carousel?.alt_text).toBe('画像のご案内');
    expect(carousel?.message_image_carousels_attributes?.[0]?.link_urls_attributes[0]?.uri).toBe('https://example.com');
    expect(payload).toEqual(trimStrings(payload));
  });

  it('an undefined rich_menu_id or start_plan_id is sent as an empty string', () => {
    const form = toPlanFormData(toPlanSavePayload(editedScenario()));
    expect(valuesOf(form, 'rich_menu_id')).toEqual(['']);
    expect(valuesOf(form, 'plan_actions_attributes[2][rich_menu_id]')).toEqual(['']);
    expect(valuesOf(form, 'plan_actions_attributes[2][start_plan_id]')).toEqual(['']);
    const parsed = parsePlanFormData(form.entries());
    expect(parsed.success && [parsed.data.rich_menu_id, parsed.data.plan_actions_attributes[2]?.rich_menu_id]).toEqual([
      null,
      null,
    ]);
  });

  it('empty tag or mark id lists are sent as empty lists (one empty "[]" entry, read back as [])', () => {
    const form = toPlanFormData(toPlanSavePayload(editedScenario()));
    expect(entriesOf(form).filter(([key]) => key === 'mark_ids[]')).toEqual([['mark_ids[]', '']]);
    expect(valuesOf(form, 'plan_actions_attributes[0][tag_ids][]')).toEqual(['']);
    const parsed = parsePlanFormData(form.entries());
    expect(parsed.success && [parsed.data.mark_ids, parsed.data.plan_actions_attributes[0]?.tag_ids]).toEqual([[], []]);
  });

  it('form-data building skips previewImageUrl, form_random_id and imageUrl', () => {
    const detail = withBox(editedScenario(), 'box-1-1', (action) => ({
      ...action,
      message: { ...action.message, previewImageUrl: 'blob:x', imageUrl: 'blob:y' } as typeof action.message,
    }));
    const keys = keysOf(toPlanFormData(toPlanSavePayload(detail)));
    expect(keys.filter((key) => /previewImageUrl|form_random_id|imageUrl/.test(key))).toEqual([]);
  });

  it("each box's message is in the message builder's save format: *_attributes renames, ids, whole-pixel bounds", () => {
    const payload = toPlanSavePayload(editedScenario());
    const confirm = payload.plan_actions_attributes[0];
    expect(confirm?.message).toBeNull();
    expect(confirm?.message_attributes.message_confirm).toBeNull();
    expect(
      confirm?.message_attributes.message_confirm_attributes?.message_actions_attributes.map((a) => a.box_id),
    ).toEqual(['box-1-0', 'box-1-1']);
    const area =
      payload.plan_actions_attributes[2]?.message_attributes.message_image_carousels_attributes?.[0]
        ?.link_urls_attributes[0];
    expect(area).toMatchObject({ id: null, axis_x: 10, axis_y: 21, width: 301, height: 99 });
  });
});

describe('reading a plan save back on the server', () => {
  it('the multipart body reads back into the same save payload (round trip)', () => {
    const payload = toPlanSavePayload(editedScenario(), { selectedFolderId: 9 });
    const parsed = parsePlanFormData(toPlanFormData(payload).entries());
    expect(parsed).toEqual({ success: true, data: { ...payload, plan_actions_attributes: expect.any(Array) } });
    expect(parsed.success && parsed.data.plan_actions_attributes).toEqual(
      payload.plan_actions_attributes.map((action) => ({
        ...action,
        // Null originals of renamed parts are not on the wire.
        message: undefined,
        message_attributes: expect.any(Object),
      })),
    );
    expect(parsed.success && fromPlanSavePayload(parsed.data)).toEqual(fromPlanSavePayload(payload));
  });

  it('the multipart body reads back into the model: boxes and timings as the editor had them', () => {
    const detail = editedScenario();
    const result = fromPlanFormData(toPlanFormData(toPlanSavePayload(detail)).entries());
    if (!result.success) throw new Error(JSON.stringify(result.errors));
    const expected = trimStrings(skipClientKeys(detail.plan_actions)) as PlanDetail['plan_actions'];
    expect(result.data.plan_actions).toEqual(
      expected.map((action) => ({
        ...action,
        rich_menu_id: action.rich_menu_id ?? null,
        start_plan_id: action.start_plan_id ?? null,
        message:
          action.box_id === 'box-1-1'
            ? expect.objectContaining({
                message_image_carousels: [
                  expect.objectContaining({ link_urls: [expect.objectContaining({ axis_x: 10, axis_y: 21 })] }),
                ],
              })
            : action.message,
      })),
    );
    expect(result.data.plan_timings).toEqual(trimStrings(detail.plan_timings.filter((timing) => !timing._destroy)));
    expect(result.data.plan).toMatchObject({
      id: 12,
      name: '友だち追加シナリオ',
      tag_ids: [1],
      target_tag_ids: [5, 6],
      target_friend_ids: [900],
      start_plan_id: 4,
      rich_menu_id: null,
    });
    expect(result.data.target_conditions).toEqual([
      { id: 21, tag_ids_accepted: [5], tag_ids_excepted: [8], _destroy: false },
      { id: null, tag_ids_accepted: [6], tag_ids_excepted: [], _destroy: false },
      { id: 22, tag_ids_accepted: [], tag_ids_excepted: [], _destroy: true },
    ]);
  });

  it('a plan of one box reads back with its empty lists of timings and conditions', () => {
    const single: PlanDetail = { ...branchingScenario(), plan_timings: [] };
    const oneBox = { ...single, plan_actions: single.plan_actions.slice(0, 1) };
    const payload = toPlanSavePayload(oneBox);
    const form = toPlanFormData(payload);
    expect(valuesOf(form, 'plan_timings_attributes[]')).toEqual(['']);
    expect(valuesOf(form, 'target_conditions_attributes[]')).toEqual(['']);
    const parsed = parsePlanFormData(form.entries());
    expect(parsed.success && parsed.data.plan_timings_attributes).toEqual([]);
    expect(parsed.success && parsed.data.target_conditions_attributes).toEqual([]);
  });

  it('bracket keys become nested objects and lists; indexed items keep their order and gaps close up', () => {
    expect(
      parseBracketEntries([
        ['name', 'A'],
        ['a[2][x]', '3'],
        ['a[0][x]', '1'],
        ['a[0][ids][]', '5'],
        ['a[0][ids][]', '6'],
        ['empty[]', ''],
      ]),
    ).toEqual({ name: 'A', a: [{ x: '1', ids: ['5', '6'] }, { x: '3' }], empty: [] });
  });

  it('refuses what a console never sends: prototype keys, files, a field sent twice, a value that is also a list, huge indexes', () => {
    const refused = [
      [['__proto__[x]', '1']],
      [['a[constructor]', '1']],
      [['file', new Blob(['x'])]],
      [
        ['name', 'a'],
        ['name', 'b'],
      ],
      [
        ['a', '1'],
        ['a[]', '2'],
      ],
      [
        ['a[x]', '1'],
        ['a', '2'],
      ],
      [['a[5000][x]', '1']],
      [['a[][x]', '1']],
      [['a]', '1']],
    ] as [string, unknown][][];
    for (const entries of refused)
      expect(() => parseBracketEntries(entries), JSON.stringify(entries)).toThrow(PlanFormDataError);
    expect(parsePlanFormData([['file', new Blob(['x'])]])).toMatchObject({ success: false, errors: { file: {} } });
  });

  it('a malformed save answers keyed errors with the plan fields under plan.', () => {
    const form = toPlanFormData(toPlanSavePayload(editedScenario()));
    form.set('plan_type', 'newsletter');
    form.set('plan_actions_attributes[0][x]', 'left');
    form.delete('plan_timings_attributes[0][start]');
    const parsed = parsePlanFormData(form.entries());
    expect(parsed.success).toBe(false);
    expect(!parsed.success && Object.keys(parsed.errors)).toEqual(
      expect.arrayContaining(['plan.plan_type', 'plan_actions_attributes.0.x', 'plan_timings_attributes.0.start']),
    );
    expect(!parsed.success && parsed.errors['plan.plan_type']?.description).toBe('選べない値です');
  });
});
