import { describe, expect, it } from 'vitest';
import { errorBoxIndex, errorTimingIndex } from './errors.ts';
import { firstBox } from './layout.ts';
import { defaultPlan, toPlanMessage, type PlanDetail, type PlanTiming } from './model.ts';
import { toPlanSavePayload } from './save-format.ts';
import { addChild, branchingScenario, filledMessage, withBox, withTiming } from './test-support.ts';
import { isEmptyMessage, validatePlan } from './validate.ts';
import { emptyMessage } from '../message-builder/defaults.ts';

const NOW = new Date('2024-05-15T03:00:00Z');
const errorsOf = (detail: PlanDetail, savedSendAt: string | null = null) =>
  validatePlan(toPlanSavePayload(detail), { now: NOW, savedSendAt });
const keysOf = (detail: PlanDetail) => Object.keys(errorsOf(detail));

function singleBox(type: PlanDetail['plan']['plan_type']): PlanDetail {
  return {
    plan: { ...defaultPlan(type), name: 'プラン' },
    plan_actions: [{ ...firstBox(), message: filledMessage('text_message') }],
    plan_timings: [],
  };
}

describe('plan validation: boxes (LINE limits per box)', () => {
  it('a branching scenario that follows every rule has no errors', () => {
    expect(errorsOf(branchingScenario())).toEqual({});
  });

  it("each box's message is checked with the message builder's LINE limits, keyed by its place in the save", () => {
    const detail = withBox(branchingScenario(), 'box-0', (action) => ({
      ...action,
      message: {
        ...action.message,
        message_confirm: action.message.message_confirm && {
          ...action.message.message_confirm,
          message_actions: action.message.message_confirm.message_actions.map((option, index) =>
            index === 0 ? { ...option, label: 'とても長いラベルとても長いラベルとても長いラベル' } : option,
          ),
        },
      },
    }));
    const errors = errorsOf(detail);
    const key =
      'plan_actions_attributes.0.message_attributes.message_confirm_attributes.message_actions_attributes.0.label';
    expect(errors[key]?.description).toBe('ラベルは20文字以内にしてください（LINEの上限）');
    expect(errorBoxIndex(key)).toBe(0);
  });

  it('an empty box at the end of a branch is where the plan ends; an empty box with a box after it is an error', () => {
    expect(isEmptyMessage(toPlanMessage(emptyMessage('text_message')))).toBe(true);
    expect(isEmptyMessage(filledMessage('carousel'))).toBe(false);
    const emptyEnd = withBox(branchingScenario(), 'box-2-0', (action) => ({
      ...action,
      message: toPlanMessage(emptyMessage('sticker')),
    }));
    expect(errorsOf(emptyEnd)).toEqual({});
    const emptyMiddle = withBox(branchingScenario(), 'box-1-0', (action) => ({
      ...action,
      message: toPlanMessage(emptyMessage('text_message')),
    }));
    expect(errorsOf(emptyMiddle)).toEqual({
      'plan_actions_attributes.1.message_attributes.text': { description: 'テキストを入力してください' },
    });
  });

  it('box-0 is always checked, and a plan needs it', () => {
    const emptyFirst = withBox(singleBox('scenario'), 'box-0', (action) => ({
      ...action,
      message: toPlanMessage(emptyMessage('text_message')),
    }));
    expect(keysOf(emptyFirst)).toEqual(['plan_actions_attributes.0.message_attributes.text']);
    expect(errorsOf({ ...singleBox('scenario'), plan_actions: [] })).toEqual({
      plan_actions_attributes: { description: 'ボックスを1つ以上作成してください' },
    });
  });

  it('removed boxes are not checked', () => {
    const detail = withTiming(
      withBox(branchingScenario(), 'box-2-0', (action) => ({
        ...action,
        _destroy: true,
        message: toPlanMessage(emptyMessage('text_message')),
      })),
      'box-2-0',
      (timing) => ({ ...timing, _destroy: true }),
    );
    expect(errorsOf(detail)).toEqual({});
  });

  it('box ids are box-{level}-{index}, unique, and agree with the box level and index', () => {
    const renamed = withBox(branchingScenario(), 'box-2-0', (action) => ({ ...action, box_id: 'step-3' }));
    expect(keysOf(renamed)).toContain('plan_actions_attributes.3.box_id');
    const duplicated = withBox(branchingScenario(), 'box-2-0', (action) => ({ ...action, box_id: 'box-1-0' }));
    expect(errorsOf(duplicated)['plan_actions_attributes.3.box_id']?.description).toBe('ボックスIDが重複しています');
    const wrongLevel = withBox(branchingScenario(), 'box-2-0', (action) => ({ ...action, box_level: 3 }));
    expect(keysOf(wrongLevel)).toContain('plan_actions_attributes.3.box_level');
  });
});

describe('plan validation: the tree', () => {
  it('a reachable tree from box-0: every box has a live parent one level up', () => {
    const orphan = withBox(branchingScenario(), 'box-2-0', (action) => ({ ...action, parent_box_id: 'box-1-9' }));
    expect(errorsOf(orphan)['plan_actions_attributes.3.parent_box_id']?.description).toBe(
      'つながる親のボックスがありません',
    );
    const parentRemoved = withBox(branchingScenario(), 'box-1-0', (action) => ({ ...action, _destroy: true }));
    expect(keysOf(parentRemoved)).toContain('plan_actions_attributes.3.parent_box_id');
  });

  it('no cycle', () => {
    let detail = addChild(branchingScenario(), 'box-2-0', 'text_message');
    // box-2-0 now claims box-3-0 as its parent: box-2-0 → box-3-0 → box-2-0.
    detail = withBox(detail, 'box-2-0', (action) => ({ ...action, parent_box_id: 'box-3-0' }));
    expect(Object.values(errorsOf(detail)).map((error) => error.description)).toContain(
      'ボックスのつながりが循環しています',
    );
  });

  it('timings only between existing (non-destroyed) boxes', () => {
    const dangling: PlanTiming = { ...branchingScenario().plan_timings[0]!, start: 'box-1-0', end: 'box-2-7' };
    const detail = { ...branchingScenario(), plan_timings: [...branchingScenario().plan_timings, dangling] };
    const errors = errorsOf(detail);
    expect(errors['plan_timings_attributes.3.end']?.description).toBe('タイミングの終点のボックスがありません');
    expect(errorTimingIndex('plan_timings_attributes.3.end')).toBe(3);
    const intoRemoved = withBox(branchingScenario(), 'box-2-0', (action) => ({ ...action, _destroy: true }));
    expect(keysOf(intoRemoved)).toEqual(['plan_timings_attributes.2.end']);
  });

  it('every box but box-0 is reached by one timing from its parent', () => {
    const base = branchingScenario();
    const missing = { ...base, plan_timings: base.plan_timings.filter((timing) => timing.end !== 'box-2-0') };
    expect(errorsOf(missing)).toEqual({
      'plan_actions_attributes.3.box_id': { description: 'このボックスへのタイミングがありません' },
    });
    const crossing = withTiming(base, 'box-2-0', (timing) => ({ ...timing, start: 'box-1-1' }));
    expect(keysOf(crossing)).toEqual(['plan_actions_attributes.3.box_id', 'plan_timings_attributes.2.end']);
    const twice = { ...base, plan_timings: [...base.plan_timings, base.plan_timings[2]!] };
    expect(errorsOf(twice)['plan_timings_attributes.3.end']?.description).toBe(
      'このボックスへのタイミングが重複しています',
    );
  });

  it('one child per text, image or sticker box', () => {
    const detail = addChild(branchingScenario(), 'box-1-0', 'text_message');
    expect(errorsOf(detail)).toEqual({
      'plan_actions_attributes.4.parent_box_id': { description: 'このボックスから続けられるボックスは1つだけです' },
    });
  });

  it('one child per option: each child of a confirm, quick-reply or carousel box hangs from exactly one option', () => {
    const unclaimed = addChild(branchingScenario(), 'box-0', 'text_message');
    expect(errorsOf(unclaimed)).toEqual({
      'plan_actions_attributes.4.parent_box_id': { description: 'どの選択肢にもつながっていません' },
    });
    const shared = withBox(branchingScenario(), 'box-0', (action) => ({
      ...action,
      message: {
        ...action.message,
        message_confirm: action.message.message_confirm && {
          ...action.message.message_confirm,
          message_actions: action.message.message_confirm.message_actions.map((option) => ({
            ...option,
            box_id: 'box-1-0',
          })),
        },
      },
    }));
    const errors = errorsOf(shared);
    const secondOption =
      'plan_actions_attributes.0.message_attributes.message_confirm_attributes.message_actions_attributes.1.box_id';
    expect(errors[secondOption]?.description).toBe('2つの選択肢が同じボックスにつながっています');
    expect(errors['plan_actions_attributes.2.parent_box_id']?.description).toBe('どの選択肢にもつながっていません');
  });

  it('a carousel option names its child by box_id', () => {
    let detail: PlanDetail = {
      plan: { ...defaultPlan('scenario'), name: 'カルーセル' },
      plan_actions: [{ ...firstBox('carousel'), message: filledMessage('carousel') }],
      plan_timings: [],
    };
    detail = addChild(detail, 'box-0', 'text_message', { column: 0, action: 0 });
    expect(errorsOf(detail)).toEqual({});
    const elsewhere = withBox(detail, 'box-0', (action) => ({
      ...action,
      message: {
        ...action.message,
        message_columns: (action.message.message_columns ?? []).map((column) => ({
          ...column,
          message_actions: column.message_actions.map((option) => ({ ...option, box_id: 'box-9-9' })),
        })),
      },
    }));
    expect(errorsOf(elsewhere)).toMatchObject({
      'plan_actions_attributes.0.message_attributes.message_columns_attributes.0.message_actions_attributes.0.box_id': {
        description: 'この選択肢につながるボックスがありません',
      },
      'plan_actions_attributes.1.parent_box_id': { description: 'どの選択肢にもつながっていません' },
    });
  });
});

describe('plan validation: the plan and its timings', () => {
  it('a plan needs a name', () => {
    const detail = { ...branchingScenario(), plan: { ...branchingScenario().plan, name: '   ' } };
    expect(errorsOf(detail)).toEqual({ 'plan.name': { description: 'プラン名を入力してください' } });
  });

  it('a broadcast send time in the future (given now); an unchanged saved time is not checked again', () => {
    const at = (send_at: string | null): PlanDetail => ({
      ...singleBox('broadcast'),
      plan: { ...singleBox('broadcast').plan, send_at },
    });
    expect(errorsOf(at('2024-05-15T12:01:00+09:00'))).toEqual({});
    expect(errorsOf(at('2024-05-15T12:00:00+09:00'))).toEqual({
      'plan.send_at': { description: '配信日時は現在より後にしてください' },
    });
    expect(errorsOf(at('2024-05-15 13:00'))['plan.send_at']?.description).toBe('配信日時の形式が正しくありません');
    expect(errorsOf(at('2024-05-01T10:00:00+09:00'), '2024-05-01T10:00:00+09:00')).toEqual({});
    expect(errorsOf(at(null))).toEqual({});
  });

  it("a scenario's trigger is one there is, naming the item it needs", () => {
    const triggers = [
      { kind: 'manual', ref: null },
      { kind: 'tag_added', ref: { list_path: '/service/tags', required_message: 'タグを選んでください' } },
    ];
    const check = (detail: PlanDetail) => validatePlan(toPlanSavePayload(detail), { now: NOW, triggers });
    const detail = singleBox('scenario');
    const byTag = { ...detail, plan: { ...detail.plan, scenario_trigger: 'tag_added' } };
    expect(check(byTag)).toEqual({ 'plan.trigger_ref_id': { description: 'タグを選んでください' } });
    expect(check({ ...byTag, plan: { ...byTag.plan, trigger_ref_id: 3 } })).toEqual({});
    expect(check({ ...detail, plan: { ...detail.plan, scenario_trigger: 'form_answered' } })).toEqual({
      'plan.scenario_trigger': { description: 'このきっかけは使えません' },
    });
    // Before the triggers are known (the editor loading them), only the server checks them.
    expect(keysOf({ ...detail, plan: { ...detail.plan, scenario_trigger: 'form_answered' } })).toEqual([]);
  });

  it('an auto-reply needs at least one keyword', () => {
    const detail = singleBox('auto_reply');
    expect(errorsOf(detail)).toEqual({ 'plan.auto_keywords': { description: 'キーワードを1つ以上入力してください' } });
    const keywords = { ...detail, plan: { ...detail.plan, auto_keywords: ['予約', 'ＹＯＹＡＫＵ', 'yoyaku', ' '] } };
    expect(errorsOf(keywords)).toEqual({
      'plan.auto_keywords.2': { description: '同じキーワードが重複しています' },
      'plan.auto_keywords.3': { description: 'キーワードが空です' },
    });
  });

  it('auto-reply weekdays are 0–6 without repeats, and a term has a start before its end', () => {
    const detail = singleBox('auto_reply');
    const plan = { ...detail.plan, auto_keywords: ['予約'] };
    expect(keysOf({ ...detail, plan: { ...plan, auto_weekdays: [1, 7, 1] } })).toEqual([
      'plan.auto_weekdays.1',
      'plan.auto_weekdays.2',
    ]);
    const term = {
      auto_has_term: true,
      auto_term_start_at: '2024-06-01T00:00:00+09:00',
      auto_term_end_at: '2024-05-01T00:00:00+09:00',
    };
    expect(errorsOf({ ...detail, plan: { ...plan, ...term } })).toEqual({
      'plan.auto_term_end_at': { description: '期間の終了日時は開始日時より後にしてください' },
    });
    expect(keysOf({ ...detail, plan: { ...plan, auto_has_term: true } })).toEqual([
      'plan.auto_term_start_at',
      'plan.auto_term_end_at',
    ]);
  });

  it('advanced targeting sent with nothing set targets nobody knowingly, so it is refused; each condition needs a tag', () => {
    const detail = singleBox('broadcast');
    const advanced = { ...detail.plan, target_send: 'advanced' as const, target_is_all: false };
    expect(keysOf({ ...detail, plan: advanced })).toEqual(['plan.target_send']);
    const conditions = {
      ...advanced,
      target_conditions: [
        { id: null, tags_accepted: [], tags_excepted: [] },
        { id: null, tags_accepted: [{ id: 1, name: 'A' }], tags_excepted: [{ id: 1, name: 'A' }] },
      ],
    };
    expect(errorsOf({ ...detail, plan: conditions })).toEqual({
      'target_conditions_attributes.0.tag_ids_accepted': { description: '条件にタグを1つ以上選んでください' },
      'target_conditions_attributes.1.tag_ids_excepted': {
        description: '同じタグを「含む」と「除く」の両方には指定できません',
      },
    });
    expect(keysOf({ ...detail, plan: { ...advanced, target_is_specified_friend: true } })).toContain(
      'plan.target_friend_ids',
    );
  });

  it('repeat timings are sane: weekdays 0–6, times HH:MM, repeat_times ≥ 1', () => {
    const repeat = (fields: Partial<PlanTiming>) =>
      withTiming(branchingScenario(), 'box-2-0', (timing) => ({
        ...timing,
        timing_type: 'send_repeat',
        is_repeat: true,
        repeat_weekdays: [1],
        repeat_date_times: ['10:00'],
        repeat_times: 2,
        ...fields,
      }));
    expect(errorsOf(repeat({}))).toEqual({});
    expect(errorsOf(repeat({ repeat_weekdays: [], repeat_date_times: [], repeat_times: 0 }))).toEqual({
      'plan_timings_attributes.2.repeat_weekdays': { description: '曜日を1つ以上選んでください' },
      'plan_timings_attributes.2.repeat_date_times': { description: '送信する時刻を1つ以上入力してください' },
      'plan_timings_attributes.2.repeat_times': { description: '繰り返し回数は1から100までにしてください' },
    });
    expect(keysOf(repeat({ repeat_weekdays: [7], repeat_date_times: ['24:00', '9:00'] }))).toEqual([
      'plan_timings_attributes.2.repeat_weekdays.0',
      'plan_timings_attributes.2.repeat_date_times.0',
      'plan_timings_attributes.2.repeat_date_times.1',
    ]);
    expect(keysOf(repeat({ is_repeat: false }))).toEqual(['plan_timings_attributes.2.is_repeat']);
  });

  it('after timings: days 0–365, hours 0–23, a time of day HH:MM with hours 0', () => {
    const after = (fields: Partial<PlanTiming>) =>
      withTiming(branchingScenario(), 'box-2-0', (timing) => ({ ...timing, timing_type: 'send_after', ...fields }));
    expect(errorsOf(after({ after_days: 1, next_action_at: '10:00' }))).toEqual({});
    expect(keysOf(after({ after_days: 400, after_hours: 24 }))).toEqual([
      'plan_timings_attributes.2.after_days',
      'plan_timings_attributes.2.after_hours',
    ]);
    expect(keysOf(after({ after_hours: 2, next_action_at: '10:0' }))).toEqual([
      'plan_timings_attributes.2.next_action_at',
      'plan_timings_attributes.2.after_hours',
    ]);
  });

  it("errors come in the order the user meets them: the plan's fields, then the boxes, then the timings", () => {
    let detail = withBox(branchingScenario(), 'box-2-0', (action) => ({
      ...action,
      message: { ...action.message, sticker_id: '1' },
    }));
    detail = withTiming(detail, 'box-1-0', (timing) => ({ ...timing, timing_type: 'send_after', after_days: -1 }));
    detail = { ...detail, plan: { ...detail.plan, name: '' } };
    expect(keysOf(detail)).toEqual([
      'plan.name',
      'plan_actions_attributes.3.message_attributes.sticker_id',
      'plan_timings_attributes.0.after_days',
    ]);
  });
});
