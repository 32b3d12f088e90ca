import type { AppContext } from '../../platform/context.ts';
import type { JobHandler } from '../../platform/queue.ts';
import { sendResetLink } from './service.ts';

export const passwordResetJob =
  (ctx: AppContext): JobHandler<'password-reset.request'> =>
  ({ role, email }) =>
    sendResetLink(ctx, role, email);
