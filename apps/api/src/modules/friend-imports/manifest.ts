import type { ModuleManifest } from '../../platform/module.ts';
import { channelScope } from '../../platform/principal.ts';
import { FRIEND_IMPORT_QUEUES, registerFriendImportJobs } from './jobs.ts';
import { endWaiting } from './repository.ts';
import { friendImportRoutes } from './routes.ts';

/**
 * Takeovers, import (引き継ぎ): the account owner moves a channel's friends in from another tool's
 * CSV (mapping, dry run, background run with progress, report, undo). A friend the run created
 * waits until LINE shows it through a webhook: the first event of theirs (a follow, a block, a message,
 * a postback) ends the wait.
 */
export const manifest: ModuleManifest = {
  name: 'friend-imports',
  routes: friendImportRoutes,
  jobs: FRIEND_IMPORT_QUEUES,
  work: registerFriendImportJobs,
  subscribe: (ctx) => {
    for (const name of ['friend.followed', 'friend.blocked', 'message.received', 'postback.tapped'] as const) {
      ctx.events.subscribe(name, async (event, on) => {
        await endWaiting(on.tx, channelScope(event.lineAccountId), event.friendId);
      });
    }
  },
  isolation: async () => (await import('./isolation.ts')).isolation,
};
