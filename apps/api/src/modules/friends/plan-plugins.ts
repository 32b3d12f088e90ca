import { publishRealtime } from '../../platform/realtime.ts';
import { planEffect } from '../plan-engine/registries.ts';
import { addScore } from './repository.ts';

/**
 * The effect "add to the score" (plan-engine/registries.ts). Its items are the points to add, not
 * ids: each is added in turn (a negative one subtracts), and the console is told the friend changed.
 */
export const scoreEffect = planEffect({
  kind: 'score',
  async apply(ctx, on, scope, friendIds, points) {
    const total = points.reduce((sum, value) => sum + value, 0);
    if (total === 0) return;
    for (const friendId of friendIds) {
      await addScore(on.tx, scope, friendId, total);
      on.afterCommit(() =>
        publishRealtime(ctx.database, { type: 'friend.updated', lineAccountId: scope.lineAccountId, friendId }),
      );
    }
  },
});
