import { describe, expect, it } from 'vitest';
import { defaultPlan } from '@linq/contract';
import { addChildBox, removeBox, setBoxMessage } from './diagram.ts';
import { edit, initialEditorState, loadPlan, startPlan } from './editor-state.ts';
import {
  PLANS_LIST_PATH,
  SAVE_FAILED,
  boxOfError,
  markUseTemplate,
  normalizeTargetSend,
  prepareSubmit,
  saveOutcome,
  snapshotForSubmit,
} from './submit.ts';
import { box, filled, saved, textChain } from './test-support.ts';

const NOW = new Date('2024-05-15T03:00:00Z');

describe('plan submit rules (spec section 4)', () => {
  it('on submit, if target_send is advanced but no tag, mark or specified-friend targeting is set, it becomes all_target', () => {
    const advanced = { ...defaultPlan(), target_send: 'advanced' as const, target_is_all: false };
    expect(normalizeTargetSend(advanced)).toMatchObject({ target_send: 'all_target', target_is_all: true });
    // Specified friends switched on without any friend is no targeting either.
    expect(normalizeTargetSend({ ...advanced, target_is_specified_friend: true }).target_send).toBe('all_target');
    const kept = [
      { ...advanced, target_tags: [{ id: 1, name: 'VIP' }] },
      { ...advanced, target_marks: [{ id: 2, name: '要対応' }] },
      { ...advanced, target_conditions: [{ id: null, tags_accepted: [{ id: 1, name: 'VIP' }], tags_excepted: [] }] },
      { ...advanced, target_is_specified_friend: true, target_friends: [{ id: 3, display_name: '山田' }] },
    ];
    for (const plan of kept) expect(normalizeTargetSend(plan)).toBe(plan);
    const all = defaultPlan();
    expect(normalizeTargetSend(all)).toBe(all);
  });

  it('saving an existing plan: actions are compared with the currently saved ones, and use_template is set on actions not found among them', () => {
    const loaded = loadPlan(initialEditorState(), saved(textChain()));
    let state = edit(loaded, (snapshot) => addChildBox(snapshot, { boxId: 'box-2-0', option: null }));
    // A saved box filled from a template carries the template's message id.
    state = edit(state, (snapshot) => setBoxMessage(snapshot, 'box-1-0', { ...filled('text_message'), id: 77 }));
    const submitted = snapshotForSubmit(state);
    expect(submitted.plan_actions.map((action) => [action.box_id, action.use_template])).toEqual([
      ['box-0', false],
      ['box-1-0', true],
      ['box-2-0', false],
      ['box-3-0', true],
    ]);
    expect(markUseTemplate(loaded.present.plan_actions, loaded.savedPlanActions)).toEqual(loaded.present.plan_actions);
  });

  it('a new plan is sent as the editor has it (no saved actions to compare with)', () => {
    const state = edit(startPlan(initialEditorState(), 'scenario'), (snapshot) =>
      setBoxMessage(snapshot, 'box-0', filled('text_message')),
    );
    expect(snapshotForSubmit(state).plan_actions).toBe(state.present.plan_actions);
  });

  it('prepares the save payload and checks it first: folder_id from the selected folder, destroyed timings left out, keyed errors', () => {
    let state = loadPlan(initialEditorState(), saved(textChain()));
    state = edit(state, (snapshot) => ({ ...snapshot, plan: { ...snapshot.plan, name: 'ステップ配信' } }));
    state = edit(state, (snapshot) => removeBox(snapshot, 'box-2-0'));
    const { payload, errors } = prepareSubmit(state, { selectedFolderId: 4, now: NOW });
    expect(errors).toEqual({});
    expect(payload.folder_id).toBe(4);
    expect(payload.plan_timings_attributes.map((timing) => timing.end)).toEqual(['box-1-0']);
    const unnamed = prepareSubmit(
      edit(state, (snapshot) => ({ ...snapshot, plan: { ...snapshot.plan, name: '' } })),
      {
        now: NOW,
      },
    );
    expect(unnamed.errors).toEqual({ 'plan.name': { description: 'プラン名を入力してください' } });
  });
});

describe('plan save answers (spec section 8)', () => {
  const snapshot = textChain();

  it('keyed errors: the first error description as an error notification; the user stays with the box in error highlighted', () => {
    const answer = {
      success: false,
      errors: {
        'plan_actions_attributes.1.message_attributes.text': { description: 'テキストを入力してください' },
        'plan.name': { description: 'プラン名を入力してください' },
      },
    };
    expect(saveOutcome(answer, snapshot)).toEqual({
      kind: 'error',
      description: 'テキストを入力してください',
      boxId: 'box-1-0',
    });
    expect(box(snapshot, 'box-1-0').box_id).toBe('box-1-0');
  });

  it("a timing's error highlights the box it leads to (keys count the timings sent)", () => {
    const removedFirst = removeBox(textChain(), 'box-2-0');
    const withRemoved = { ...removedFirst, plan_timings: [...removedFirst.plan_timings].reverse() };
    expect(boxOfError('plan_timings_attributes.0.after_days', withRemoved)).toBe('box-1-0');
    expect(boxOfError('plan.name', withRemoved)).toBeNull();
  });

  it('success false and no keyed errors: the errors as the description', () => {
    expect(saveOutcome({ success: false, errors: 'プランが見つかりません' }, snapshot)).toEqual({
      kind: 'error',
      description: 'プランが見つかりません',
      boxId: null,
    });
    expect(saveOutcome({ success: false, errors: {} }, snapshot)).toEqual({
      kind: 'error',
      description: SAVE_FAILED,
      boxId: null,
    });
  });

  it('after a successful save the user goes to /service/plans', () => {
    expect(saveOutcome({ success: true, errors: {} }, snapshot)).toEqual({
      kind: 'saved',
      navigateTo: '/service/plans',
    });
    expect(PLANS_LIST_PATH).toBe('/service/plans');
  });
});
