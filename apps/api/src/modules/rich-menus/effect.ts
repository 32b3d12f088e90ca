import { planEffect } from '../plan-engine/registries.ts';
import * as repo from './repository.ts';
import { requestRelink } from './relink.ts';

/**
 * A plan's or box's rich menu: the friends who reach it get it as their own menu (the channel's
 * menu only; a menu deleted since gives nothing), linked on LINE by the relink job after commit.
 */
export const richMenuEffect = planEffect({
  kind: 'rich_menu',
  async apply(ctx, on, scope, friendIds, refIds) {
    const [menuId] = refIds;
    if (menuId === undefined || !(await repo.ownIds(on.tx, scope, 'rich_menus', [menuId])).has(menuId)) return;
    await repo.setPersonalMenu(on.tx, scope, friendIds, menuId);
    on.afterCommit(() => requestRelink(ctx, scope, friendIds));
  },
});
