import { describe, expect, it } from 'vitest';
import { toPlanMessage, emptyMessage, type MessageType, type PlanMessage } from '@linq/contract';
import {
  PlanGraph,
  firstStep,
  rescheduledDue,
  stepAfterSend,
  stepAfterTap,
  tappedOption,
  type GraphAction,
  type GraphTiming,
} from './graph.ts';

const TOKYO = 'Asia/Tokyo';
const at = (iso: string) => new Date(iso);

function action(id: number, boxId: string, type: MessageType = 'text_message', message?: PlanMessage): GraphAction {
  return {
    id,
    boxId,
    messageType: type,
    message: message ?? { ...toPlanMessage(emptyMessage(type)), text: 'hi' },
    effects: [],
  };
}

function timing(id: number, from: number, to: number, shape: Partial<GraphTiming> = {}): GraphTiming {
  return {
    id,
    planActionId: from,
    nextPlanActionId: to,
    timing_type: 'send_immediate',
    after_days: 0,
    after_hours: 0,
    next_action_at: null,
    repeat_weekdays: [],
    repeat_date_times: [],
    repeat_times: 1,
    ...shape,
  };
}

const confirm = (): PlanMessage => {
  const message = toPlanMessage(emptyMessage('confirm'));
  return {
    ...message,
    message_confirm: {
      ...message.message_confirm!,
      text: 'ご来店されますか？',
      message_actions: message.message_confirm!.message_actions.map((option, index) => ({
        ...option,
        id: 100 + index,
        box_id: index === 0 ? 'box-1-0' : null,
      })),
    },
  };
};

const context = (now: string, nightWindow: { start: string; end: string } | null = null) => ({
  now: at(now),
  timeZone: TOKYO,
  nightWindow,
});

describe('plan engine steps', () => {
  it('an enrolment starts at box-0 at once, or when the night window ends', () => {
    const graph = new PlanGraph([action(1, 'box-0')], []);
    expect(firstStep(graph, at('2026-11-02T03:00:00Z'), context('2026-11-02T03:00:00Z'))).toMatchObject({
      kind: 'send',
      planActionId: 1,
      dueAt: at('2026-11-02T03:00:00Z'),
    });
    // 23:30 in Tokyo, nights 22:00–09:00: box-0 waits for 09:00.
    const night = context('2026-11-02T14:30:00Z', { start: '22:00', end: '09:00' });
    expect(firstStep(graph, night.now, night)).toMatchObject({ dueAt: at('2026-11-03T00:00:00Z') });
  });

  it('a text box leads to its one child through its timing; the last box finishes', () => {
    const graph = new PlanGraph(
      [action(1, 'box-0'), action(2, 'box-1-0')],
      [timing(1, 1, 2, { timing_type: 'send_after', after_days: 1, next_action_at: '10:00' })],
    );
    const sent = { planActionId: 1, occurrence: 1, arrivedAt: at('2026-11-02T03:00:00Z') };
    expect(stepAfterSend(graph, sent, context('2026-11-02T03:00:00Z'))).toMatchObject({
      kind: 'send',
      planActionId: 2,
      dueAt: at('2026-11-03T01:00:00Z'),
    });
    expect(stepAfterSend(graph, { ...sent, planActionId: 2 }, context('2026-11-03T01:00:00Z'))).toEqual({
      kind: 'finish',
    });
  });

  it('a repeat timing sends its box repeat_times times, then goes on', () => {
    const graph = new PlanGraph(
      [action(1, 'box-0'), action(2, 'box-1-0'), action(3, 'box-2-0')],
      [
        timing(1, 1, 2, {
          timing_type: 'send_repeat',
          repeat_weekdays: [1, 3],
          repeat_date_times: ['10:00'],
          repeat_times: 2,
        }),
        timing(2, 2, 3),
      ],
    );
    // Arrived Monday 2026-11-02 08:00 Tokyo: the sends are Monday 10:00 and Wednesday 10:00.
    const arrivedAt = at('2026-11-01T23:00:00Z');
    const first = stepAfterSend(graph, { planActionId: 2, occurrence: 1, arrivedAt }, context('2026-11-02T01:00:00Z'));
    expect(first).toMatchObject({ kind: 'send', planActionId: 2, occurrence: 2, dueAt: at('2026-11-04T01:00:00Z') });
    const second = stepAfterSend(graph, { planActionId: 2, occurrence: 2, arrivedAt }, context('2026-11-04T01:00:00Z'));
    expect(second).toMatchObject({ kind: 'send', planActionId: 3, occurrence: 1 });
  });

  it('a box with options waits for a tap; the tapped option leads to its child, an option without one finishes', () => {
    const graph = new PlanGraph(
      [action(1, 'box-0', 'confirm', confirm()), action(2, 'box-1-0')],
      [timing(1, 1, 2, { timing_type: 'send_after', after_hours: 3 })],
    );
    const now = context('2026-11-02T03:00:00Z');
    expect(stepAfterSend(graph, { planActionId: 1, occurrence: 1, arrivedAt: now.now }, now)).toEqual({
      kind: 'wait_for_tap',
    });
    const box = graph.action(1)!;
    expect(tappedOption(box, 100)).toEqual({ childBoxId: 'box-1-0' });
    expect(tappedOption(box, 999)).toBeNull();
    expect(stepAfterTap(graph, 'box-1-0', now)).toMatchObject({ kind: 'send', dueAt: at('2026-11-02T06:00:00Z') });
    expect(stepAfterTap(graph, tappedOption(box, 101)!.childBoxId, now)).toEqual({ kind: 'finish' });
  });

  it('a changed timing is recomputed from the arrival, never before now', () => {
    const changed = timing(1, 1, 2, { timing_type: 'send_after', after_days: 1 });
    const arrivedAt = at('2026-11-02T03:00:00Z');
    expect(rescheduledDue(changed, { arrivedAt, occurrence: 1 }, context('2026-11-02T05:00:00Z'))).toEqual(
      at('2026-11-03T03:00:00Z'),
    );
    expect(rescheduledDue(changed, { arrivedAt, occurrence: 1 }, context('2026-11-05T00:00:00Z'))).toEqual(
      at('2026-11-05T00:00:00Z'),
    );
  });
});
