import { publishRealtime } from '../../platform/realtime.ts';
import { planEffect } from '../plan-engine/registries.ts';
import { addScore } from './repository.ts';

/**
 * What friends bring to the plan engine's effects: "add a score". Its one ref is the points to add
 * (negative subtracts), not an id: the effect names no item of the channel.
 */
export const scoreEffect = planEffect({
  kind: 'score',
  async apply(ctx, on, scope, friendIds, [points]) {
    if (points === undefined || points === 0) return;
    for (const friendId of friendIds) {
      await addScore(on.tx, scope, friendId, points);
      on.afterCommit(() =>
        publishRealtime(ctx.database, { type: 'friend.updated', lineAccountId: scope.lineAccountId, friendId }),
      );
    }
  },
});
