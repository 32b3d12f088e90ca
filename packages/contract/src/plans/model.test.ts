import { describe, expect, it } from 'vitest';
import { emptyMessage, newAction } from '../message-builder/defaults.ts';
import { firstBox } from './layout.ts';
import { defaultPlan, defaultTiming, plan, planAction, planDetail, planTiming, toPlanMessage } from './model.ts';

describe('plan model (spec section 3)', () => {
  it('Plan defaults: target_is_all true, is_active false, target_send all_target', () => {
    const created = defaultPlan();
    expect(created).toMatchObject({ target_is_all: true, is_active: false, target_send: 'all_target' });
    expect(plan.parse(created)).toEqual(created);
  });

  it('a plan has every spec field by the spec name', () => {
    const fields = [
      'id',
      'plan_type',
      'is_active',
      'tags',
      'marks',
      'tag_ids',
      'mark_ids',
      'target_is_all',
      'target_friends',
      'target_tags',
      'target_marks',
      'target_has_tag',
      'target_has_mark',
      'target_is_specified_friend',
      'auto_has_term',
      'target_send',
      'target_conditions',
      'deletedConditionIds',
      'folder_id',
      'start_plan',
      'rich_menu',
      'link_urls',
    ];
    expect(Object.keys(plan.shape)).toEqual(expect.arrayContaining(fields));
    expect(Object.keys(defaultPlan())).toEqual(expect.arrayContaining(fields));
  });

  it('default timing: send_immediate, 0 days, 0 hours', () => {
    const timing = defaultTiming('box-0', 'box-1-0');
    expect(timing).toMatchObject({
      timing_type: 'send_immediate',
      after_days: 0,
      after_hours: 0,
      start: 'box-0',
      end: 'box-1-0',
    });
    expect(planTiming.parse(timing)).toEqual(timing);
  });

  it('a plan timing and a plan action have every spec field', () => {
    expect(Object.keys(planTiming.shape)).toEqual(
      expect.arrayContaining([
        'timing_type',
        'start',
        'end',
        'diagram_hide',
        'after_days',
        'after_hours',
        'is_repeat',
        'next_action_at',
        'repeat_date_times',
        'repeat_times',
        'repeat_weekdays',
        'plan_action_id',
        'next_plan_action_id',
        'touched',
        '_destroy',
      ]),
    );
    expect(Object.keys(planAction.shape)).toEqual(
      expect.arrayContaining([
        'id',
        'box_id',
        'box_level',
        'box_index',
        'parent_box_id',
        'parent_box_ids',
        'x',
        'y',
        'box_width',
        'box_height',
        'diagram_hide',
        'diagram_hide_children',
        'message_type',
        'message',
        '_destroy',
        'should_empty',
        'use_template',
      ]),
    );
  });

  it('each message action has a box_id and diagram_hide_children', () => {
    const confirm = toPlanMessage(emptyMessage('confirm'));
    expect(
      confirm.message_confirm?.message_actions.map((action) => [action.box_id, action.diagram_hide_children]),
    ).toEqual([
      [null, false],
      [null, false],
    ]);
    const carousel = toPlanMessage(emptyMessage('carousel'));
    expect(carousel.message_columns?.[0]?.message_actions[0]).toMatchObject({
      box_id: null,
      diagram_hide_children: false,
    });
    // The builder passes an option's plan fields through when it edits the message.
    const option = { ...newAction(), box_id: 'box-1-4', diagram_hide_children: true };
    const kept = toPlanMessage({
      ...emptyMessage('quick_reply'),
      message_quick_reply: { id: null, message_actions: [option, newAction()] },
    });
    expect(kept.message_quick_reply?.message_actions.map((action) => action.box_id)).toEqual(['box-1-4', null]);
    expect(kept.message_quick_reply?.message_actions[0]?.diagram_hide_children).toBe(true);
  });

  it('GET /service/plans/{id} answers plan, plan_actions and plan_timings', () => {
    const detail = {
      plan: defaultPlan('broadcast'),
      plan_actions: [firstBox()],
      plan_timings: [],
    };
    expect(Object.keys(planDetail.parse(detail))).toEqual(['plan', 'plan_actions', 'plan_timings']);
  });
});
