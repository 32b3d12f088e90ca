import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { PrincipalOf } from '../../platform/principal.ts';
import * as repo from './repository.ts';

/** Screens one user may dismiss (the console has far fewer). */
export const MAX_HIDDEN_TUTORIALS = 100;
export const TOO_MANY_MESSAGE = `チュートリアルを非表示にできる画面は${MAX_HIDDEN_TUTORIALS}個までです`;

/** User tutorial setting (spec section 3): dismisses a screen's tutorial for good; idempotent. */
export async function hide(ctx: AppContext, principal: PrincipalOf<'service'>, screen: string) {
  const screens = await repo.hideTutorial(ctx.database.db, principal.userId, screen, MAX_HIDDEN_TUTORIALS);
  if (!screens) throw fieldError('screen', TOO_MANY_MESSAGE);
  return { hide_tutorial_screens: screens };
}
