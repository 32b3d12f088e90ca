import { describe, expect, it } from 'vitest';
import { emptyMessage, newColumn, type BuilderMessage, type TemplateDetail } from '@linq/contract';
import {
  addChildBox,
  changeMessageType,
  connectTiming,
  fillFromTemplate,
  hideChildren,
  moveBox,
  removeBox,
  resetPlan,
  resizeBox,
  revertBox,
  setBoxMessage,
  updateTiming,
} from './diagram.ts';
import { emptySnapshot } from './editor-state.ts';
import { box, confirmBranches, filled, liveIds, saved, textChain, timingInto } from './test-support.ts';

const yes = { column: null, action: 0 };
const no = { column: null, action: 1 };
const optionLinks = (message: BuilderMessage) =>
  (message.message_confirm?.message_actions ?? []).map((action) => (action as { box_id?: string | null }).box_id);

describe('plan editor: type change (spec section 4)', () => {
  it("changing a box's message type removes or hides its child boxes and creates one new child box", () => {
    // Never saved: the children are removed.
    const changed = changeMessageType(textChain(), 'box-1-0', 'image');
    expect(box(changed, 'box-1-0')).toMatchObject({ message_type: 'image', message: { message_type: 'image' } });
    expect(changed.plan_actions.map((action) => action.box_id)).toEqual(['box-0', 'box-1-0', 'box-2-0']);
    expect(box(changed, 'box-2-0')).toMatchObject({ id: null, message: { text: '' }, _destroy: false });
    // Saved: the children are hidden with the destroy flag (the save deletes them), and the new child is another box.
    const savedChanged = changeMessageType(saved(textChain()), 'box-1-0', 'image');
    expect(box(savedChanged, 'box-2-0')).toMatchObject({ id: 102, _destroy: true, diagram_hide: true });
    expect(timingInto(savedChanged, 'box-2-0')).toMatchObject({ _destroy: true, diagram_hide: true });
    expect(liveIds(savedChanged)).toEqual(['box-0', 'box-1-0', 'box-2-1']);
    expect(timingInto(savedChanged, 'box-2-1')).toMatchObject({
      start: 'box-1-0',
      timing_type: 'send_immediate',
      after_days: 0,
      after_hours: 0,
    });
    expect(changeMessageType(textChain(), 'box-1-0', 'text_message')).toEqual(textChain());
  });

  it('children of confirm, quick_reply or carousel options are removed first', () => {
    const changed = changeMessageType(saved(confirmBranches()), 'box-0', 'text_message');
    expect(['box-1-0', 'box-1-1', 'box-2-0'].map((id) => box(changed, id)._destroy)).toEqual([true, true, true]);
    // The one new child hangs below the box itself.
    expect(liveIds(changed)).toEqual(['box-0', 'box-1-2']);
    expect(box(changed, 'box-1-2').parent_box_id).toBe('box-0');
    // The options kept for the confirm type no longer name children: switching back starts them afresh.
    expect(optionLinks(box(changed, 'box-0').message)).toEqual([null, null]);
    // To another branching type, the new child hangs below its first option.
    const quick = changeMessageType(confirmBranches(), 'box-0', 'quick_reply');
    expect(liveIds(quick)).toEqual(['box-0', 'box-1-0']);
    expect(box(quick, 'box-0').message.message_quick_reply?.message_actions.map((action) => action.box_id)).toEqual([
      'box-1-0',
    ]);
  });
});

describe('plan editor: remove and revert (spec section 4)', () => {
  it('removing a box marks boxes and timings with a destroy flag', () => {
    const removed = removeBox(textChain(), 'box-1-0');
    expect(removed.plan_actions.map((action) => [action.box_id, action._destroy])).toEqual([
      ['box-0', false],
      ['box-1-0', true],
      ['box-2-0', true],
    ]);
    expect(removed.plan_timings.map((timing) => timing._destroy)).toEqual([true, true]);
    // box-0 stays: every enrolment starts there.
    const chain = textChain();
    expect(removeBox(chain, 'box-0')).toBe(chain);
  });

  it('a reverting action clears the flag and empties the message', () => {
    const removed = removeBox(saved(textChain()), 'box-1-0');
    const reverted = revertBox(removed, 'box-1-0');
    expect(box(reverted, 'box-1-0')).toMatchObject({
      id: 101,
      _destroy: false,
      should_empty: true,
      message: { id: 501, text: '' },
    });
    expect(timingInto(reverted, 'box-1-0')).toMatchObject({ id: 200, _destroy: false });
    expect(box(reverted, 'box-2-0')._destroy).toBe(true);
    // Not while its parent is removed.
    expect(revertBox(removed, 'box-2-0')).toBe(removed);
  });

  it('adding an action under a parent that already has one reverts it only if it was marked destroyed', () => {
    const chain = textChain();
    expect(addChildBox(chain, { boxId: 'box-0', option: null })).toBe(chain);
    const removed = removeBox(chain, 'box-1-0');
    const added = addChildBox(removed, { boxId: 'box-0', option: null });
    expect(added.plan_actions).toHaveLength(chain.plan_actions.length);
    expect(box(added, 'box-1-0')).toMatchObject({ _destroy: false, should_empty: true, message: { text: '' } });
    const branches = confirmBranches();
    expect(addChildBox(branches, { boxId: 'box-0', option: yes })).toBe(branches);
    const againUnderNo = addChildBox(removeBox(branches, 'box-1-1'), { boxId: 'box-0', option: no });
    expect(liveIds(againUnderNo)).toEqual(liveIds(branches));
    expect(box(againUnderNo, 'box-1-1').should_empty).toBe(true);
  });
});

describe('plan editor: adding boxes and timings', () => {
  it('adding a child box under a text, image or sticker box: one child, 200 below, with the default timing', () => {
    const first = resetPlan(emptySnapshot(), 'scenario');
    const added = addChildBox(first, { boxId: 'box-0', option: null });
    expect(box(added, 'box-1-0')).toMatchObject({
      x: 420,
      y: 250,
      parent_box_id: 'box-0',
      message_type: 'text_message',
    });
    expect(added.plan_timings).toEqual([
      expect.objectContaining({
        start: 'box-0',
        end: 'box-1-0',
        timing_type: 'send_immediate',
        after_days: 0,
        after_hours: 0,
      }),
    ]);
    // A branching box takes children only below its options.
    const confirm = changeMessageType(first, 'box-0', 'confirm');
    expect(addChildBox(confirm, { boxId: 'box-0', option: null })).toBe(confirm);
  });

  it("adding a child box under each option of confirm, quick_reply or carousel: the option's box_id names it", () => {
    const branches = confirmBranches();
    expect(optionLinks(box(branches, 'box-0').message)).toEqual(['box-1-0', 'box-1-1']);
    expect(box(branches, 'box-1-1')).toMatchObject({ x: 670, y: 250 });
    let carousel = changeMessageType(resetPlan(emptySnapshot(), 'scenario'), 'box-0', 'carousel');
    expect(box(carousel, 'box-1-0')).toMatchObject({ x: 600, y: 350 });
    const message = box(carousel, 'box-0').message;
    carousel = setBoxMessage(carousel, 'box-0', {
      ...message,
      message_columns: [...(message.message_columns ?? []), newColumn(1)],
    });
    carousel = addChildBox(carousel, { boxId: 'box-0', option: { column: 1, action: 0 } });
    expect(box(carousel, 'box-0').message.message_columns?.map((column) => column.message_actions[0]?.box_id)).toEqual([
      'box-1-0',
      'box-1-1',
    ]);
    expect(box(carousel, 'box-1-1')).toMatchObject({ x: 850, y: 350 });
  });

  it('editing a timing marks it touched and keeps is_repeat with the timing type', () => {
    const repeat = updateTiming(textChain(), 'box-1-0', {
      timing_type: 'send_repeat',
      repeat_weekdays: [1, 3],
      repeat_date_times: ['10:00'],
      repeat_times: 0,
    });
    expect(timingInto(repeat, 'box-1-0')).toMatchObject({ is_repeat: true, touched: true, repeat_times: 1 });
    const after = updateTiming(repeat, 'box-1-0', {
      timing_type: 'send_after',
      after_days: 1,
      next_action_at: '10:00',
    });
    expect(timingInto(after, 'box-1-0')).toMatchObject({ is_repeat: false, after_days: 1, next_action_at: '10:00' });
  });

  it('connecting a timing: only a parent to its child; a removed timing comes back, a missing one is the default', () => {
    const chain = textChain();
    expect(connectTiming(chain, 'box-0', 'box-2-0')).toBe(chain);
    expect(connectTiming(chain, 'box-0', 'box-1-0')).toBe(chain);
    const withoutTiming = { ...chain, plan_timings: chain.plan_timings.filter((timing) => timing.end !== 'box-1-0') };
    expect(timingInto(connectTiming(withoutTiming, 'box-0', 'box-1-0'), 'box-1-0').timing_type).toBe('send_immediate');
  });

  it("a builder edit that drops an option takes the option's child with it", () => {
    const branches = confirmBranches();
    const message = box(branches, 'box-0').message;
    const edited = setBoxMessage(branches, 'box-0', {
      ...message,
      message_confirm: message.message_confirm && {
        ...message.message_confirm,
        message_actions: message.message_confirm.message_actions.slice(0, 1),
      },
    });
    expect(box(edited, 'box-1-1')._destroy).toBe(true);
    expect(box(edited, 'box-1-0')._destroy).toBe(false);
  });

  it('a box filled from a template keeps its branches and carries the template message ids', () => {
    const confirm = filled('confirm', 'テンプレートの質問');
    const templateMessage: BuilderMessage = {
      ...confirm,
      id: 77,
      message_confirm: confirm.message_confirm && {
        ...confirm.message_confirm,
        id: 78,
        message_actions: confirm.message_confirm.message_actions.map((action, index) => ({
          ...action,
          id: 80 + index,
        })),
      },
    };
    const template: TemplateDetail = {
      plan: { id: 5, name: '来店確認', message_type: 'confirm', folder_id: null, updated_at: '2024-05-01T00:00:00Z' },
      plan_actions: [
        {
          id: null,
          box_id: 'box-0',
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
          message_type: 'confirm',
          message: templateMessage,
          should_empty: false,
          use_template: false,
        },
      ],
      plan_timings: [],
    };
    const filledBox = box(fillFromTemplate(confirmBranches(), 'box-0', template), 'box-0');
    expect(filledBox.message.id).toBe(77);
    expect(filledBox.message.message_confirm?.text).toBe('テンプレートの質問');
    expect(optionLinks(filledBox.message)).toEqual(['box-1-0', 'box-1-1']);
    // A template of another type changes the box's type: its children go, one new child comes.
    const textTemplate = {
      ...template,
      plan_actions: template.plan_actions.map((item) => ({
        ...item,
        message_type: 'text_message' as const,
        message: { ...emptyMessage('text_message'), text: 'テンプレート' },
      })),
    };
    const retyped = fillFromTemplate(confirmBranches(), 'box-0', textTemplate);
    expect(box(retyped, 'box-0')).toMatchObject({ message_type: 'text_message', message: { text: 'テンプレート' } });
    expect(liveIds(retyped)).toEqual(['box-0', 'box-1-0']);
  });
});

describe('plan editor: collapse and layout (spec section 4)', () => {
  it('hiding children sets diagram_hide on descendants and their timings', () => {
    const hidden = hideChildren(confirmBranches(), 'box-0', true);
    expect(box(hidden, 'box-0').diagram_hide_children).toBe(true);
    expect(['box-1-0', 'box-1-1', 'box-2-0'].map((id) => box(hidden, id).diagram_hide)).toEqual([true, true, true]);
    expect(hidden.plan_timings.map((timing) => timing.diagram_hide)).toEqual([true, true, true]);
    const shown = hideChildren(hidden, 'box-0', false);
    expect(shown.plan_actions.map((action) => action.diagram_hide)).toEqual([false, false, false, false]);
    expect(shown.plan_timings.map((timing) => timing.diagram_hide)).toEqual([false, false, false]);
  });

  it("hiding an option's children hides only that branch; showing again leaves what a collapsed box below still hides", () => {
    const underYes = hideChildren(confirmBranches(), 'box-0', true, yes);
    expect(box(underYes, 'box-0').message.message_confirm?.message_actions[0]?.diagram_hide_children).toBe(true);
    expect(['box-1-0', 'box-2-0', 'box-1-1'].map((id) => box(underYes, id).diagram_hide)).toEqual([true, true, false]);
    let nested = hideChildren(confirmBranches(), 'box-1-0', true);
    nested = hideChildren(nested, 'box-0', true);
    nested = hideChildren(nested, 'box-0', false);
    expect(['box-1-0', 'box-1-1', 'box-2-0'].map((id) => box(nested, id).diagram_hide)).toEqual([false, false, true]);
  });

  it('resizing a box shifts the x of later boxes on the same level to keep 100 units of spacing', () => {
    const branches = confirmBranches();
    const resized = resizeBox(branches, 'box-1-0', { width: 300, height: 160 });
    expect(box(resized, 'box-1-0')).toMatchObject({ box_width: 300, box_height: 160 });
    expect(box(resized, 'box-1-1').x).toBe(420 + 300 + 100);
    expect(box(resized, 'box-2-0').x).toBe(box(branches, 'box-2-0').x);
    expect(resizeBox(branches, 'box-1-0', { width: 150, height: 100 })).toBe(branches);
    expect(box(moveBox(branches, 'box-1-1', { x: 700, y: 260 }), 'box-1-1')).toMatchObject({ x: 700, y: 260 });
  });

  it('resetting a plan sets plan_type and creates a first box if there are no actions', () => {
    const reset = resetPlan(emptySnapshot(), 'broadcast');
    expect(reset.plan.plan_type).toBe('broadcast');
    expect(reset.plan_actions).toEqual([expect.objectContaining({ box_id: 'box-0', x: 250, y: 50 })]);
    const chain = textChain();
    const retyped = resetPlan(chain, 'auto_reply');
    expect(retyped.plan.plan_type).toBe('auto_reply');
    expect(retyped.plan_actions).toBe(chain.plan_actions);
  });
});
