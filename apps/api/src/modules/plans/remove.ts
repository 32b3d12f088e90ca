import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { PLAN_NOUN, waitingMessage } from './messages.ts';
import { findOrFail } from './read.ts';

/** Deletes a plan; while friends wait in it, only when the caller confirms ending their waits. */
export async function remove(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  endWaiting: boolean,
): Promise<{ id: number; ended_enrolments: number }> {
  return ctx.database.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await findOrFail(tx, scope, id, true);
    const waiting = await repo.waitingCount(tx, scope, id);
    if (waiting > 0 && !endWaiting) throw conflict(waitingMessage(waiting));
    if (!(await repo.remove(tx, scope, id))) throw notFound(PLAN_NOUN);
    return { id, ended_enrolments: waiting };
  });
}
