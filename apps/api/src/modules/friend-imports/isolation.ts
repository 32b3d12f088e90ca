import { presetMapping } from '@linq/contract';
import type { Tenant } from '../../test/factory.ts';
import { NOT_FOUND, probes, type IsolationModule } from '../../test/isolation.ts';
import { channelScope } from '../../platform/principal.ts';
import { encodeCsv } from './csv-source.ts';
import { insertImport } from './repository.ts';

/** Per tenant: an uploaded import in its first channel (made below). */
const imports = new Map<number, number>();
const importOf = (tenant: Tenant) => imports.get(tenant.account.id)!;
const HEADERS = ['line_user_id', 'display_name'];
const mapping = presetMapping('generic', HEADERS);

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    const ctx = t.runtime.ctx;
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const fileKey = `imports/${lineAccountId}/isolation.csv`;
      await ctx.files.put(fileKey, encodeCsv(`${HEADERS.join(',')}\r\n`, 'utf-8'));
      const row = await insertImport(ctx.database.db, channelScope(lineAccountId), {
        fileName: 'isolation.csv',
        fileKey,
        encoding: 'utf-8',
        headers: HEADERS,
        sample: [],
      });
      imports.set(tenant.account.id, row.id);
    }
  },
  routes: () => ({
    'GET /api/account/takeovers/imports': probes((a, b) => [
      {
        path: '/account/takeovers/imports',
        query: { line_account_id: a.channels[0]!.id },
        token: a.tokens.owner,
        answers: [200],
        absentIds: [importOf(b)],
      },
      {
        path: '/account/takeovers/imports',
        query: { line_account_id: b.channels[0]!.id },
        token: a.tokens.owner,
        answers: NOT_FOUND,
      },
      {
        path: '/account/takeovers/imports',
        query: { line_account_id: a.channels[0]!.id },
        token: a.tokens.staff,
        answers: [401],
      },
    ]),
    'POST /api/account/takeovers/imports': probes((a, b) => [
      {
        path: '/account/takeovers/imports',
        query: { line_account_id: b.channels[0]!.id },
        token: a.tokens.owner,
        body: {},
        answers: NOT_FOUND,
      },
      {
        path: '/account/takeovers/imports',
        query: { line_account_id: a.channels[0]!.id },
        token: a.tokens.staff,
        body: {},
        answers: [401],
      },
    ]),
    'GET /api/account/takeovers/imports/:id': probes((a, b) => [
      { path: `/account/takeovers/imports/${importOf(b)}`, token: a.tokens.owner, answers: NOT_FOUND },
    ]),
    'POST /api/account/takeovers/imports/:id/dry_run': probes((a, b) => [
      {
        path: `/account/takeovers/imports/${importOf(b)}/dry_run`,
        token: a.tokens.owner,
        body: mapping,
        answers: NOT_FOUND,
      },
    ]),
    'POST /api/account/takeovers/imports/:id/run': probes((a, b) => [
      {
        path: `/account/takeovers/imports/${importOf(b)}/run`,
        token: a.tokens.owner,
        body: mapping,
        answers: NOT_FOUND,
      },
    ]),
    'POST /api/account/takeovers/imports/:id/undo': probes((a, b) => [
      { path: `/account/takeovers/imports/${importOf(b)}/undo`, token: a.tokens.owner, answers: NOT_FOUND },
    ]),
    'GET /api/account/takeovers/imports/:id/report': probes((a, b) => [
      { path: `/account/takeovers/imports/${importOf(b)}/report`, token: a.tokens.owner, answers: NOT_FOUND },
    ]),
  }),
};
