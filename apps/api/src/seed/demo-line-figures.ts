import type { Db } from '../platform/db.ts';
import { channelScope } from '../platform/principal.ts';
import { saveDay } from '../modules/line-insight/repository.ts';
import { jstDay } from '../modules/line-insight/service.ts';

/*
 * The demo channels' figures of yesterday as LINE reported them (issue 27): the virtual friends only
 * arrive on the first start, so LINE's count of the day before is seeded, like the week of roll-ups
 * behind the demo's incidents. From the next day on the worker reads each day from the simulator.
 */
export async function seedDemoLineFigures(db: Db, now: Date, lineAccountId: number, friendCount: number) {
  const followers = Math.max(friendCount - 3, 0);
  const blocks = Math.floor(followers / 9);
  await saveDay(db, channelScope(lineAccountId), jstDay(now, 1), {
    followers: { followers, targetedReaches: Math.round((followers - blocks) * 0.8), blocks },
    deliveries: {
      total: 58,
      byKind: { apiPush: 31, apiMulticast: 21, apiReply: 6, apiBroadcast: 0, apiNarrowcast: 0 },
    },
    pending: null,
    checkedAt: now,
  });
}
