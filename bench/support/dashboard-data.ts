import pg from 'pg';

/**
 * What the worker would have kept for a large channel over its last 90 days, generated in the
 * database next to the large channel's friends and messages (large-channel-data.ts): the hourly
 * roll-ups (follows and blocks as the friends' own dates say, sends, failures by LINE's reason,
 * webhook events), plans and inflow routes with their hourly top counts, the plans' deliveries and
 * incidents, some still open. Deterministic, like the friends: every "random" choice is a hash.
 */

export interface DashboardData {
  buckets: number;
  tops: number;
  deliveries: number;
  incidents: number;
  openIncidents: number;
  ms: number;
}

const HISTORY_DAYS = 90;
const PLANS = 40;
const INFLOW_ROUTES = 15;
const DELIVERIES_PER_DAY = 60;
const RECIPIENTS_PER_DELIVERY = 500;
const INCIDENTS = 300;
const FAILURE_REASONS = ['The user has blocked the account', 'Invalid reply token', 'Request timed out'];

const u = (key: string, seed: number) =>
  `((hashint8extended((${key})::bigint, ${seed}) & 2147483647)::float8 / 2147483648.0)`;

export async function generateDashboardData(connectionString: string, lineAccountId: number): Promise<DashboardData> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const started = performance.now();
  const run = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rowCount ?? 0;
  try {
    const from = `date_trunc('hour', now() - interval '${HISTORY_DAYS} days')`;
    // Follows and blocks exactly as the friends' dates say (a new friend each, a block each).
    let buckets = await run(
      `insert into metric_buckets (line_account_id, metric, detail, hour, count)
       select $1, 'follows', 'new', date_trunc('hour', followed_at), count(*)::int
         from friends where line_account_id = $1 and followed_at >= ${from} group by 4
       union all
       select $1, 'blocks', '', date_trunc('hour', blocked_at), count(*)::int
         from friends where line_account_id = $1 and blocked_at >= ${from} group by 4`,
      [lineAccountId],
    );
    // Every hour: sends settled, failures by reason, webhook events, with a daily rhythm.
    buckets += await run(
      `insert into metric_buckets (line_account_id, metric, detail, hour, count)
       select $1, m.metric, m.detail, h,
              greatest(1, (m.scale * (1.2 + sin(extract(hour from h)::float8 / 24 * 2 * pi()))
                           * (0.5 + ${u('extract(epoch from h)::bigint + m.seed', 1)}))::int)
         from generate_series(${from}, date_trunc('hour', now()), interval '1 hour') h,
              (values ('sends_ok', '', 1500.0, 1), ('webhook_events', '', 900.0, 2),
                      ('sends_failed', $2::text, 6.0, 3), ('sends_failed', $3::text, 2.0, 4),
                      ('sends_failed', $4::text, 1.0, 5)) as m(metric, detail, scale, seed)`,
      [lineAccountId, ...FAILURE_REASONS],
    );
    await run(
      `insert into plans (line_account_id, name, plan_type, is_active, scenario_trigger)
       select $1, 'ベンチ配信 ' || g, case when g % 3 = 0 then 'broadcast' else 'scenario' end, true,
              case when g = 1 then 'friend_added' else 'manual' end
         from generate_series(1, ${PLANS}) g`,
      [lineAccountId],
    );
    await run(
      `insert into inflow_routes (line_account_id, name, code, actions)
       select $1, 'ベンチ流入経路 ' || g, 'bench' || $1::int || 'r' || g,
              '{"mode":"first_add_only","tag_ids":[],"mark_ids":[],"plan_id":null,"rich_menu_id":null}'::jsonb
         from generate_series(1, ${INFLOW_ROUTES}) g`,
      [lineAccountId],
    );
    // Each plan sends in some hours (popular plans in most), each route brings friends in some.
    const tops = await run(
      `insert into dashboard_tops (line_account_id, kind, ref_id, hour, count)
       select $1, 'plans', p.id, h, 1 + floor(${u('p.id * 100000 + extract(epoch from h)::bigint / 3600', 7)} * 2000)::int
         from (select id, row_number() over (order by id) as rank from plans where line_account_id = $1) p,
              generate_series(${from}, date_trunc('hour', now()), interval '1 hour') h
        where ${u('p.id * 100000 + extract(epoch from h)::bigint / 3600', 6)} < 1.0 / p.rank
       union all
       select $1, 'inflows', r.id, h, 1 + floor(${u('r.id * 100000 + extract(epoch from h)::bigint / 3600', 9)} * 20)::int
         from (select id, row_number() over (order by id) as rank from inflow_routes where line_account_id = $1) r,
              generate_series(${from}, date_trunc('hour', now()), interval '1 hour') h
        where ${u('r.id * 100000 + extract(epoch from h)::bigint / 3600', 8)} < 1.0 / r.rank`,
      [lineAccountId],
    );
    const deliveries = await run(
      `insert into deliveries (line_account_id, messages, friend_ids, retry_key, status, attempts, next_attempt_at,
                               source, created_at, sent_at)
       select $1, '[{"type":"text","text":"ベンチのお知らせ"}]'::jsonb,
              array(select 1 + floor(${u('g * 1000 + s', 10)} * f.n)::int
                      from generate_series(1, ${RECIPIENTS_PER_DELIVERY}) s),
              'bench-' || $1::int || '-' || g, case when g % 50 = 0 then 'failed' else 'sent' end, 1, t,
              'plan', t, case when g % 50 <> 0 then t end
         from (select g, now() - interval '${HISTORY_DAYS} days' * ${u('g', 11)} as t
                 from generate_series(1, ${HISTORY_DAYS * DELIVERIES_PER_DAY}) g) d,
              (select count(*) as n from friends where line_account_id = $1) f`,
      [lineAccountId],
    );
    const incidents = await run(
      `insert into incidents (line_account_id, detector, subject, severity, status, first_seen_at, last_seen_at, metric)
       select $1, (array['delivery_failure_rate', 'block_spike', 'quota', 'rate_limited'])[1 + g % 4], 'bench-' || g,
              (array['info', 'warning', 'critical'])[1 + g % 3],
              case when g <= 12 then (array['open', 'acknowledged'])[1 + g % 2] else 'resolved' end,
              t, t + interval '2 hours', (array['sends_failed', 'blocks', 'sends_ok', 'rate_limited'])[1 + g % 4]
         from (select g, now() - interval '${HISTORY_DAYS} days' * ${u('g', 12)} as t
                 from generate_series(1, ${INCIDENTS}) g) i`,
      [lineAccountId],
    );
    const [open] = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from incidents where line_account_id = $1 and status <> 'resolved'`,
        [lineAccountId],
      )
    ).rows;
    for (const table of ['metric_buckets', 'dashboard_tops', 'plans', 'inflow_routes', 'deliveries', 'incidents']) {
      await client.query(`vacuum (analyze) ${table}`);
    }
    return { buckets, tops, deliveries, incidents, openIncidents: open!.n, ms: performance.now() - started };
  } finally {
    await client.end();
  }
}
