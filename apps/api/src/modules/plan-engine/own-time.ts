import { NO_NEXT_SEND } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { shifted } from './advance.ts';
import * as repo from './repository.ts';
import { sendDueOfEnrolment } from './scheduler.ts';

/*
 * One enrolment on its own time (a rehearsal): moving it forward brings its waiting send nearer on
 * the engine clock and grows its offset, so the steps it decides later (at the engine's now plus the
 * offset, scheduler.ts and taps.ts) fall as if its own clock had run on. No other enrolment moves.
 */

export const ENROLMENT_NOUN = 'プランの進行';

/** How far: a number of milliseconds, or to the enrolment's next send. */
export type OwnTimeStep = { ms: number } | { toNextSend: true };

export interface OwnTime {
  /** The enrolment's own now. */
  now: Date;
  offsetMs: number;
  /** Whether a send went out with the move. */
  sent: boolean;
}

/** Moves the enrolment's own time forward and sends what fell due of it, in one transaction. */
export async function advanceEnrolmentTime(
  ctx: AppContext,
  scope: ChannelScope,
  enrolmentId: number,
  step: OwnTimeStep,
): Promise<OwnTime> {
  return ctx.events.transaction(ctx.database.db, async (on) => {
    const enrolment = await repo.enrolmentForUpdate(on.tx, scope, enrolmentId);
    if (!enrolment) throw notFound(ENROLMENT_NOUN);
    const now = ctx.clock.now();
    let ms: number;
    if ('ms' in step) ms = step.ms;
    else {
      if (enrolment.status !== 'active' || !enrolment.nextActionAt) throw conflict(NO_NEXT_SEND);
      ms = Math.max(0, enrolment.nextActionAt.getTime() - now.getTime());
    }
    const moved = await repo.moveEnrolmentTime(on.tx, scope, enrolment.id, ms);
    const offsetMs = moved?.clockOffsetMs ?? enrolment.clockOffsetMs;
    const sent = await sendDueOfEnrolment(ctx, on, scope, enrolment.id);
    return { now: shifted(now, offsetMs), offsetMs, sent };
  });
}

/** The enrolment's own now (the engine clock plus its offset). */
export function ownNow(ctx: AppContext, enrolment: { clockOffsetMs: number }): Date {
  return shifted(ctx.clock.now(), enrolment.clockOffsetMs);
}
