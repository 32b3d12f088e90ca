import type { Tenant } from '../../test/factory.ts';
import { INVALID, NOT_FOUND, probes, type IsolationModule } from '../../test/isolation.ts';
import { accountScope } from '../../platform/principal.ts';
import * as repo from './repository.ts';

/** Per tenant: one export of its first channel (recorded, never built: the probes need its id only). */
const exportOf = new Map<number, number>();
const exportIn = (tenant: Tenant) => exportOf.get(tenant.account.id)!;

/**
 * Full exports belong to the account: A's owner naming B's channel is refused (422, nothing queued),
 * B's export is not found, A's list shows none of B's; staff may not download even their own
 * account's (403), other sessions are turned away (401).
 */
export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const row = await repo.insert(t.runtime.ctx.database.db, accountScope(tenant.account.id), tenant.channels[0]!.id);
      exportOf.set(tenant.account.id, row.id);
    }
  },
  routes: () => ({
    'GET /api/account/takeovers/exports': probes((a, b) => [
      { path: '/account/takeovers/exports', token: a.tokens.owner, answers: [200], absentIds: [exportIn(b)] },
      { path: '/account/takeovers/exports', token: a.tokens.staff, answers: [401] },
    ]),
    'POST /api/account/takeovers/exports': probes((a, b) => [
      {
        path: '/account/takeovers/exports',
        token: a.tokens.owner,
        body: { line_account_id: b.channels[0]!.id },
        answers: INVALID,
      },
      {
        path: '/account/takeovers/exports',
        token: a.tokens.staff,
        body: { line_account_id: a.channels[0]!.id },
        answers: [401],
      },
    ]),
    'GET /api/account/takeovers/exports/:id/download': probes((a, b) => [
      { path: `/account/takeovers/exports/${exportIn(b)}/download`, token: a.tokens.owner, answers: NOT_FOUND },
      { path: `/account/takeovers/exports/${exportIn(a)}/download`, token: a.tokens.staff, answers: [403] },
      { path: `/account/takeovers/exports/${exportIn(b)}/download`, token: a.tokens.agency, answers: [401] },
    ]),
  }),
};
