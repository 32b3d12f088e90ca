import type { AppContext } from '../../platform/context.ts';
import type { JobHandler } from '../../platform/queue.ts';
import { sendResetLink } from './service.ts';

export const passwordResetJob =
  (ctx: AppContext): JobHandler<'password-reset.request'> =>
  ({ role, email }) =>
    sendResetLink(ctx, role, email);

/** The passwords module's job: mail a reset link (or nothing, for an unknown address) after the request answered. */
declare module '../../platform/queue.ts' {
  interface JobPayloads {
    'password-reset.request': { role: 'service' | 'agency'; email: string };
  }
}
