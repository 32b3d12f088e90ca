import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startLineSimulator } from '@linq/line-simulator';
import { enrolDue } from '../apps/api/src/modules/plan-engine/test-support.ts';
import { friends } from '../apps/api/src/modules/friends/schema.ts';
import { channelScope } from '../apps/api/src/platform/principal.ts';
import type { Db } from '../apps/api/src/platform/db.ts';
import * as repo from '../apps/api/src/modules/plan-engine/repository.ts';
import * as enrolments from '../apps/api/src/modules/plan-engine/enrolment-repository.ts';
import * as deliveryRepo from '../apps/api/src/modules/delivery/repository.ts';
import { startBenchConsole } from './support/console.ts';
import { scenarioChannel } from './support/scenario-channel.ts';

/**
 * `node --import tsx plan-shapes.ts` (in bench/, PostgreSQL at BENCH_DATABASE_URL): the plans
 * PostgreSQL chooses for the engine's and the delivery service's batch statements (2,000 keys each,
 * as the repositories write them, EXPLAIN ANALYZE in a transaction rolled back) with the hot tables at
 * 10,000 and then 100,000 rows: without statistics, on stale ones (autovacuum off), after ANALYZE, and
 * for a second burst on statistics taken when none was due. No planner setting is changed: the index
 * paths must come by themselves.
 */
const BATCH = 2000;
const sim = await startLineSimulator();
const bench = await startBenchConsole({ simulator: sim });
const { ctx } = bench.runtime;
const client = new pg.Client({ connectionString: bench.runtime.ctx.config.DATABASE_URL });
await client.connect();
try {
  const { row, channel, planId, planActionId } = await scenarioChannel(bench, sim);
  const scope = channelScope(row.id);
  const hot = ['plan_enrolments', 'plan_sends', 'friends', 'deliveries'];
  for (const table of hot) await client.query(`alter table ${table} set (autovacuum_enabled = false)`);
  const due = new Date(Date.now() + 3600_000);
  let seeded = 0;

  /** Grows to `total` friends: each enrolled (due in an hour), with a past send, and a delivery per 100 queued (a backlog). */
  async function growTo(total: number) {
    const userIds = channel.createFriends(total - seeded).map((f) => f.userId);
    await ctx.database.db.execute(sql`insert into ${friends} (line_account_id, line_user_id)
      select ${row.id}, u from unnest(${sql.param(userIds)}::text[]) as u`);
    const { rows } = await client.query('select id from friends where line_account_id = $1 and id > $2 order by id', [
      row.id,
      (await client.query('select coalesce(max(friend_id), 0) m from plan_enrolments')).rows[0].m,
    ]);
    await enrolDue(ctx.database.db, {
      lineAccountId: row.id,
      planId,
      planActionId,
      dueAt: due,
      friendIds: rows.map((r) => r.id as number),
    });
    await client.query(`insert into plan_sends (line_account_id, plan_id, enrolment_id, friend_id, plan_action_id, box_id, occurrence, status, due_at, sent_at)
      select line_account_id, plan_id, id, friend_id, next_plan_action_id, 'box-1', 0, 'sent', now(), now() from plan_enrolments e
      where not exists (select 1 from plan_sends s where s.enrolment_id = e.id)`);
    await client.query(
      `insert into deliveries (line_account_id, messages, friend_ids, retry_key, source, status)
      select $1, '[{"type":"text","text":"x"}]', array_agg(id), gen_random_uuid()::text, 'plan', 'queued' from friends
      where line_account_id = $1 and id > $2 group by id / 100`,
      [row.id, seeded === 0 ? 0 : (await client.query('select max(id) m from friends')).rows[0].m - (total - seeded)],
    );
    seeded = total;
  }

  /** The statements a repository function sends, captured in a transaction that is rolled back. */
  async function statementsOf(work: (tx: Db) => Promise<unknown>) {
    const captured: { query: string; params: unknown[] }[] = [];
    const pool = new pg.Pool({ connectionString: bench.runtime.ctx.config.DATABASE_URL, max: 1 });
    const db = drizzle(pool, { logger: { logQuery: (query, params) => void captured.push({ query, params }) } });
    await db
      .transaction(async (tx) => {
        await work(tx as unknown as Db);
        tx.rollback();
      })
      .catch(() => undefined);
    await pool.end();
    return captured.filter((c) => !/^(begin|rollback|commit|savepoint)/i.test(c.query));
  }

  async function explainAll(label: string) {
    const sizes: string[] = [];
    for (const table of hot) {
      const { rows } = await client.query(
        `select count(*)::int as live, (select reltuples::bigint from pg_class where relname = $1) as believed from ${table}`,
        [table],
      );
      sizes.push(`${table} ${rows[0].live} rows, statistics ${rows[0].believed}`);
    }
    console.log(`\n## ${label}: ${sizes.join('; ')}`);
    const now = new Date(due.getTime() + 60_000);
    const claimed = await (async () => {
      const { rows } = await client.query(
        `select id, friend_id from plan_enrolments where status = 'active' order by next_action_at, id limit $1 offset $2`,
        [BATCH, Math.floor(seeded / 2)],
      );
      return rows as { id: number; friend_id: number }[];
    })();
    const freshFriends = (
      await client.query(`select f.id from friends f where f.line_account_id = $1 order by id limit $2`, [
        row.id,
        BATCH,
      ])
    ).rows.map((r) => r.id as number);
    const deliveryIds = (
      await client.query(`select id from deliveries order by id limit $1 offset $2`, [
        BATCH / 100,
        Math.floor(seeded / 200),
      ])
    ).rows.map((r) => Number(r.id));
    const cases: [string, (tx: Db) => Promise<unknown>][] = [
      ['claimDueEnrolmentsUnscoped', (tx) => repo.claimDueEnrolmentsUnscoped(tx, now, BATCH)],
      [
        'recordSends',
        (tx) =>
          repo.recordSends(
            tx,
            scope,
            claimed.map((e) => ({
              planId,
              enrolmentId: e.id,
              friendId: e.friend_id,
              planActionId,
              boxId: 'box-1',
              occurrence: 1,
              dueAt: due,
              status: 'sent' as const,
            })),
            now,
            'fail',
          ),
      ],
      [
        'advanceEnrolments',
        (tx) =>
          repo.advanceEnrolments(
            tx,
            scope,
            claimed.map((e) => ({
              id: e.id,
              status: 'finished' as const,
              currentBoxId: 'box-1',
              currentPlanActionId: planActionId,
              nextPlanActionId: null,
              nextOccurrence: 1,
              arrivedAt: null,
              nextActionAt: null,
              endedAt: now,
            })),
          ),
      ],
      [
        'reschedule',
        (tx) =>
          repo.reschedule(
            tx,
            scope,
            claimed.map((e) => ({ id: e.id, at: now })),
          ),
      ],
      [
        'delivery channelFriends',
        (tx) =>
          deliveryRepo.channelFriends(
            tx,
            scope,
            claimed.map((e) => e.friend_id),
          ),
      ],
      ['delivery claimDeliveriesUnscoped', (tx) => deliveryRepo.claimDeliveriesUnscoped(tx, deliveryIds, 15_000)],
      [
        'enrolInBulk (once only)',
        (tx) =>
          enrolments.enrolInBulk(tx, scope, {
            planId,
            friendIds: freshFriends,
            trigger: 'tag',
            onceOnly: true,
            nextPlanActionId: planActionId,
            arrivedAt: now,
            dueAt: now,
            at: now,
          }),
      ],
    ];
    for (const [name, work] of cases) {
      const statements = await statementsOf(work);
      for (const { query, params } of statements) {
        await client.query('begin');
        const started = performance.now();
        const { rows } = await client.query(`explain (analyze, costs off, timing off, summary off) ${query}`, params);
        const ms = performance.now() - started;
        await client.query('rollback');
        console.log(`- ${name} (${ms.toFixed(0)} ms):`);
        for (const r of rows) console.log(`    ${String(r['QUERY PLAN']).replace(/'\{[^}]*\}'/g, "'{…}'")}`);
      }
    }
  }

  await growTo(10_000);
  await explainAll('10,000: no statistics yet (autovacuum off)');
  await client.query(`analyze ${hot.join(', ')}`);
  await explainAll('10,000: analyzed');
  await growTo(100_000);
  await explainAll('100,000: statistics of 10,000 rows (stale, autovacuum off)');
  await client.query(`analyze ${hot.join(', ')}`);
  await explainAll('100,000: analyzed');
  // The next burst: statistics taken when every enrolment had finished, then all of them due again.
  await client.query(`update plan_enrolments set status = 'finished', next_action_at = null, ended_at = now()`);
  await client.query(`analyze ${hot.join(', ')}`);
  await client.query(`update plan_enrolments set status = 'active', next_action_at = $1, ended_at = null`, [due]);
  await explainAll('100,000 due again: statistics of when none was active');
} finally {
  await client.end();
  await bench.stop();
  await sim.stop();
}
