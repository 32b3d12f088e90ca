import type { FastifyInstance } from 'fastify';
import { CHANGE_PASSWORD_MESSAGE, FORGOT_PASSWORD_MESSAGE, passwordsApi, RESET_PASSWORD_MESSAGE } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { principalAs, route } from '../../platform/http.ts';
import * as passwords from './service.ts';

const answer = (message: string) => ({ data: { message } });

export function passwordRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const role of passwords.RECOVERY_ROLES) {
    const api = passwordsApi[role];
    route(app, ctx, api.forgot, async ({ body }) => {
      await passwords.requestReset(ctx, role, body.email);
      return answer(FORGOT_PASSWORD_MESSAGE);
    });
    route(app, ctx, api.reset, async ({ body }) => {
      await passwords.reset(ctx, role, body);
      return answer(RESET_PASSWORD_MESSAGE);
    });
  }
  for (const role of passwords.INVITE_ONLY_ROLES) {
    route(app, ctx, passwordsApi[role].reset, async ({ body }) => {
      await passwords.reset(ctx, role, body);
      return answer(RESET_PASSWORD_MESSAGE);
    });
  }
  route(app, ctx, passwordsApi.agency.change, async ({ body, principal }) => {
    await passwords.change(ctx, principalAs(principal, 'agency'), body);
    return answer(CHANGE_PASSWORD_MESSAGE);
  });
}
