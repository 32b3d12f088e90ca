import type { FriendPlanSend, FriendPlanTimeline } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { awaitsEngine, engineNow } from './friend-plan-state.ts';

const NOW = Date.parse('2026-05-01T00:00:00Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

const send = (delivery: FriendPlanSend['delivery_status']): FriendPlanSend => ({
  id: 1,
  box_id: 'box-0',
  occurrence: 1,
  message_type: 'text_message',
  preview: 'hi',
  status: 'sent',
  delivery_status: delivery,
  delivery_reason: null,
  sent_at: at(-1000),
  tap: null,
});

const enrolment = (change: Partial<FriendPlanTimeline>): FriendPlanTimeline => ({
  id: 1,
  plan_id: 1,
  plan_name: 'p',
  plan_type: 'scenario',
  status: 'active',
  current_box_id: null,
  next_action_at: null,
  started_at: at(-2000),
  ended_at: null,
  end_reason: null,
  trigger: 'manual',
  waiting_for: null,
  next_box_id: null,
  next_box_message_type: null,
  next_box_preview: null,
  sends: [],
  ...change,
});

describe('awaitsEngine', () => {
  it('waits while a send is due now or overdue, or LINE has not answered one', () => {
    expect(awaitsEngine([enrolment({ next_action_at: at(0) })], NOW)).toBe(true);
    expect(awaitsEngine([enrolment({ next_action_at: at(-5000) })], NOW)).toBe(true);
    expect(awaitsEngine([enrolment({ sends: [send('queued')] })], NOW)).toBe(true);
  });

  it('rests when the next send is later, the enrolment is paused, or every send is answered', () => {
    expect(awaitsEngine([enrolment({ next_action_at: at(3_600_000) })], NOW)).toBe(false);
    expect(awaitsEngine([enrolment({ status: 'paused', next_action_at: at(0) })], NOW)).toBe(false);
    expect(awaitsEngine([enrolment({ sends: [send('sent'), send('failed')] })], NOW)).toBe(false);
    expect(awaitsEngine(undefined, NOW)).toBe(false);
  });

  it("reads due times on the engine's clock when the demo's time warp runs it ahead of the browser's", () => {
    const warped = 86_400_000;
    expect(awaitsEngine([enrolment({ started_at: at(warped), next_action_at: at(warped) })], NOW)).toBe(true);
    expect(engineNow([enrolment({ started_at: at(warped) })], NOW)).toBe(NOW + warped);
    expect(engineNow([enrolment({})], NOW)).toBe(NOW);
  });
});
