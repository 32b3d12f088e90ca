/**
 * The isolation route matrix (DESIGN.md section 5). Every route the server answers
 * must have an entry: either why it holds no tenant data, or probes in which
 * tenant A's sessions reach for tenant B's ids (path, query, body, nested ids,
 * LineAccountId header). Each probe must be refused and leave B's rows unchanged.
 * Each module's entries and fixtures are in its `isolation.ts`; the runner is ./isolation.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@linq/contract';
import { startTestApp, type TestApp, type TestRequest } from './harness.ts';
import type { Tenant } from './factory.ts';
import {
  platformRoutes,
  tablesWithTenantColumns,
  tenantSnapshot,
  type Entry,
  type IsolationModule,
  type Probe,
} from './isolation.ts';
import { modules as appModules } from '../modules/index.ts';

/** Every module's part of the matrix, from its manifest, in the manifests' order (fixtures may name earlier ones'). */
const modules: IsolationModule[] = await Promise.all(appModules.flatMap((module) => module.isolation?.() ?? []));

export const matrix: Record<string, Entry> = Object.assign({}, platformRoutes, ...modules.map((m) => m.routes()));

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await startTestApp();
  a = await t.factory.tenant();
  b = await t.factory.tenant();
  for (const module of modules) await module.setup?.(t, [a, b]);
});
afterAll(async () => {
  for (const module of modules) await module.teardown?.();
  await t.stop();
});

const key = (method: string, url: string) => `${method} ${url}`;
/**
 * Every route the server answers, in /api or outside it (webhooks, public files, pages), but the
 * built console's static files (registered one route per file when the console is built), which
 * hold no tenant data.
 */
const servedRoutes = () => {
  const distDir = t.runtime.ctx.config.WEB_DIST_DIR;
  const consoleFiles = new Set(
    fs.existsSync(distDir)
      ? fs
          .readdirSync(distDir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map(
            (entry) => `/${path.relative(distDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
          )
      : [],
  );
  return t.app.routeTable.filter((r) => !consoleFiles.has(r.url));
};

/** The snapshot without the outbox events a probe may record about B (Probe.recorded). */
function withoutRecorded(snapshot: Record<string, string[]>, recorded: Probe['recorded']): Record<string, string[]> {
  if (!recorded) return snapshot;
  const kept = Object.fromEntries(Object.entries(snapshot).filter(([table]) => !recorded.tables.includes(table)));
  const outbox = (snapshot['outbox_events'] ?? []).filter(
    (row) => !recorded.events.includes((JSON.parse(row) as { name: string }).name),
  );
  return { ...kept, outbox_events: outbox };
}

describe('isolation route matrix', () => {
  it('has an entry for every route the server answers, and no stale entries', () => {
    const routes = [...new Set(servedRoutes().map((r) => key(r.method, r.url)))];
    const missing = routes.filter((r) => !(r in matrix));
    expect(missing, 'routes without an isolation-matrix entry').toEqual([]);
    const stale = Object.keys(matrix).filter((k) => !routes.includes(k));
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
  });

  it('covers every endpoint of the contract', () => {
    const routes = new Set(servedRoutes().map((r) => key(r.method, r.url)));
    const unserved = allEndpoints.map((e) => key(e.method, `/api${e.path}`)).filter((k) => !routes.has(k));
    expect(unserved, 'contract endpoints the server does not answer').toEqual([]);
  });

  it('snapshots every table with a tenant column, and the tables below them', async () => {
    const snapshot = await tenantSnapshot(t, b);
    const tenantTables = [...(await tablesWithTenantColumns(t)).keys()];
    expect(tenantTables.filter((table) => !(table in snapshot))).toEqual([]);
    for (const table of ['friends', 'friend_tags', 'friend_info_values', 'messages', 'users', 'sessions', 'oems']) {
      expect(snapshot[table]?.length ?? 0, `tenant B's ${table}`).toBeGreaterThan(0);
    }
  });

  // A snapshot of B per probe, for every route: it grows with the router.
  it('refuses every probe of tenant A into tenant B and changes nothing of B', async () => {
    const probes = Object.entries(matrix).flatMap(([route, entry]) => {
      const build = entry.kind === 'probes' ? entry.probes : entry.refused;
      return (build?.(a, b) ?? []).map((probe) => ({ route, probe }));
    });
    // Those that may record something about B last, so what their consumers keep meets no other probe.
    probes.sort((x, y) => Number(Boolean(x.probe.recorded)) - Number(Boolean(y.probe.recorded)));
    // B as the previous probe left it (checked unchanged there) is B before the next one: one snapshot a probe.
    let before = await tenantSnapshot(t, b);
    for (const { route, probe } of probes) {
      const method = route.split(' ')[0] as TestRequest['method'];
      const { answers, absentIds, absentText, recorded, ...request } = probe;
      const response = await t.request({ method, ...request });
      const label = `${route} ${JSON.stringify(request.body ?? request.query ?? '')}`;
      expect(answers, `${label} answered ${response.status}: ${JSON.stringify(response.body)}`).toContain(
        response.status,
      );
      if (absentIds) {
        const seen = ((response.json.data as { id: number }[] | undefined) ?? []).map((row) => row.id);
        expect(
          seen.filter((id) => absentIds.includes(id)),
          label,
        ).toEqual([]);
      }
      for (const text of absentText ?? []) expect(response.text, label).not.toContain(text);
      const after = await tenantSnapshot(t, b);
      expect(withoutRecorded(after, recorded), `${label} changed tenant B`).toEqual(withoutRecorded(before, recorded));
      before = after;
    }
  }, 300_000);

  it('a new table with a tenant column is in the snapshot without editing this test', async () => {
    const run = (text: string) => t.runtime.ctx.database.sql.executeSql(text, []);
    await run('create table isolation_new_feature (id serial primary key, line_account_id integer not null)');
    try {
      await run(`insert into isolation_new_feature (line_account_id) values (${b.channels[0]!.id})`);
      await run(`insert into isolation_new_feature (line_account_id) values (${a.channels[0]!.id})`);
      const snapshot = await tenantSnapshot(t, b);
      expect(snapshot.isolation_new_feature).toEqual([JSON.stringify({ id: 1, line_account_id: b.channels[0]!.id })]);
    } finally {
      await run('drop table isolation_new_feature');
    }
  });
});
