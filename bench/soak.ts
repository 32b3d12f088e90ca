import { readFileSync } from 'node:fs';
import {
  defaultPlan,
  firstBox,
  permissionsWith,
  zonedWallTime,
  type PlanDetail,
  type PlanLabelRef,
  type PlanMessage,
} from '@linq/contract';
import {
  startLineSimulator,
  type FaultMode,
  type LineSimulator,
  type SentMessage,
  type SimChannel,
} from '@linq/line-simulator';
import { activePlan, optionData } from '../apps/api/src/modules/plan-engine/test-support.ts';
import { addChild, filledMessage } from '../apps/api/src/modules/plans/test-support.ts';
import { inject } from '../apps/api/src/test/harness.ts';
import { terminateBackends } from '../apps/api/src/test/postgres.ts';
import { startServerProcess, type ServerProcess } from '../apps/api/src/test/server-process.ts';
import { benchServerUrl, ciScale, percentile, startBenchConsole, type BenchConsole } from './support/console.ts';

/** The product's promise the soak checks: every send within a minute of its due time. */
const LATENESS_TARGET_S = 60;
/** Of the targeted friends, these shares tap はい and いいえ on the first message; the rest never answer. */
const YES_SHARE = 0.06;
const NO_SHARE = 0.04;
/**
 * At most this many taps (BENCH_SOAK_TAPS): one channel's webhook events are processed one after
 * another (about 20 a second on this 2-core machine under load), so a larger burst of taps only
 * measures that backlog: its replies would wait minutes, past the 60 s.
 */
const MAX_TAPS = Number(process.env.BENCH_SOAK_TAPS ?? 150);
/** Friends outside the target, per targeted friend. */
const OUTSIDE_SHARE = 0.1;
/** LINE's answers take this long (so that a kill lands while requests are in flight). */
const LINE_LATENCY_MS = 50;
/** Taps sent at once (virtual friends answering). */
const TAP_CONCURRENCY = 8;
/** Longest wait for one phase before the soak gives up (it then fails with what is missing). */
const PHASE_TIMEOUT_MS = (ciScale() ? 5 : 30) * 60_000;

/** What each friend can receive: the campaign's boxes, by their texts. */
const TEXTS = {
  askVisit: 'ご来店されますか？（本日の特典あり）',
  yesReply: 'ご予約を承りました。お待ちしております',
  noReply: '承知しました。またのご来店をお待ちしております',
  reminder: '本日のご案内：特典は店頭でお受け取りください',
  lastCall: '本日の特典は閉店までです',
} as const;
type Kind = keyof typeof TEXTS;
const KIND_OF_TEXT = new Map<string, Kind>(Object.entries(TEXTS).map(([kind, text]) => [text, kind as Kind]));

type Group = 'yes' | 'no' | 'silent';
/** Each group's messages: the branch its tap (or no tap) and then its tag lead it down. */
const EXPECTED: Record<Group, Kind[]> = {
  yes: ['askVisit', 'yesReply'],
  no: ['askVisit', 'noReply', 'reminder', 'lastCall'],
  silent: ['askVisit', 'reminder', 'lastCall'],
};

/**
 * The soak (`soak`): the product's core promise in one run, with trouble all along. A campaign of
 * two broadcasts to BENCH_SOAK_FRIENDS friends carrying the tag 会員 (350,000, about a million sends;
 * 3,500, about 10,000 sends, with BENCH_SCALE=ci), and one in ten more friends outside the target
 * (without the tag, half of them with another):
 * - broadcast A at T0 (send_at, in the account's zone Asia/Tokyo): a confirm "ご来店されますか？";
 *   6 % tap はい (a reply at once, which puts the tag 予約済 on them), 4 % いいえ (another reply), at
 *   most MAX_TAPS in all; the rest never answer;
 * - broadcast B at T1, to friends with 会員 and without 予約済 (the branch on a tag): a reminder,
 *   then a last call "当日 HH:MM" (T2: a wall-clock minute at least 20 s on, more for more friends).
 * The API runs in this process with the LINE simulator (50 ms a request); the worker is a separate
 * process (main.ts --role=worker). Meanwhile the worker is killed (SIGKILL, restarted at once) 3
 * times, LINE answers 5xx and 429 in 4 bursts, and every database connection is cut twice, each at a
 * random point of a phase. At the end, from the simulator's record (not our database), per friend:
 * each targeted friend received exactly the messages of their branch, once (0 lost, 0 duplicates,
 * nothing of another branch); every message went out within 60 s of its due time (T0, the tap, T1,
 * T2) and none before; nobody outside the target received anything. Printed: those figures, lateness
 * p50/p95/max (and the max per message), the phases' and restarts' times, the worker's peak RSS.
 * Throws when a check fails.
 */
export async function soakBench() {
  const members = Number(process.env.BENCH_SOAK_FRIENDS ?? (ciScale() ? 3_500 : 350_000));
  const outsiders = Math.ceil(members * OUTSIDE_SHARE);
  const started = performance.now();
  const sim = await startLineSimulator();
  const bench = await startBenchConsole({
    simulator: sim,
    role: 'api',
    env: { LINE_API_BASE_URL: sim.url, LINE_DATA_API_BASE_URL: sim.url },
  });
  const trouble = new Trouble(bench, sim);
  try {
    const setup = await campaignChannel(bench, sim, members, outsiders);
    const { channel, as } = setup;
    sim.faults.setLatency(LINE_LATENCY_MS);
    const record = new SimRecord(channel);
    console.log(
      `\n# Soak: ${fmt(members)} targeted friends (${fmt(outsiders)} outside the target), two broadcasts with ` +
        `a tap branch, a tag branch and wall-clock timings; the worker a separate process, killed, LINE failing, ` +
        `the database cut (seeded in ${s(performance.now() - started)})`,
    );
    await trouble.startWorker();

    // Broadcast A at T0: the confirm every member gets. The friends who answer tap as soon as they
    // received it (はい or いいえ), each answered by its reply at once.
    const t0 = secondsFromNow(5);
    const planA = await activePlan(apiOf(bench), as, broadcastA(setup.memberTag, setup.reservedTag.id, t0));
    const tapAt = new Map<string, number>();
    const yesData = optionData(planA, 'box-0', 0);
    const noData = optionData(planA, 'box-0', 1);
    const tappers = shuffled([...setup.groups].filter(([, group]) => group !== 'silent'));
    await sleepUntil(t0.getTime() - 200);
    trouble.burst(channel, 'error500', 3);
    const taps = tapAll(channel, tappers, (group) => (group === 'yes' ? yesData : noData), tapAt);
    await trouble.during(
      () => record.count('askVisit'),
      members,
      [(n) => trouble.kill(`${fmt(n)} of ${fmt(members)} A sends`), () => trouble.cut()],
      'broadcast A',
    );
    trouble.burst(channel, 'rate429', 4);
    await trouble.during(
      () => record.count('yesReply') + record.count('noReply'),
      tappers.length,
      [(n) => trouble.kill(`${fmt(n)} of ${fmt(tappers.length)} tap replies`)],
      'tap replies',
    );
    await taps;

    // Broadcast B at T1 to the members without 予約済, its last call at T2 on the account's wall clock.
    const t2 = nextMinute(Date.now() + 5_000 + lastCallGapMs(members));
    const t1 = new Date(Math.max(Date.now() + 5_000, t2.getTime() - lastCallGapMs(members)));
    await activePlan(apiOf(bench), as, broadcastB(setup.memberTag, setup.reservedTag, t1, t2, setup.timeZone));
    const remindedCount = members - [...setup.groups.values()].filter((group) => group === 'yes').length;
    await sleepUntil(t1.getTime() - 200);
    trouble.burst(channel, 'error500', 3);
    await trouble.during(() => record.count('reminder'), remindedCount, [() => trouble.cut()], 'broadcast B');
    await sleepUntil(t2.getTime() - 200);
    trouble.burst(channel, 'rate429', 4);
    await trouble.during(
      () => record.count('lastCall'),
      remindedCount,
      [(n) => trouble.kill(`${fmt(n)} of ${fmt(remindedCount)} last calls`)],
      'last call',
    );
    // Anything sent twice would be on its way by now; wait until nothing is left to send.
    await trouble.quiet();
    const peakRss = trouble.peakRssBytes();
    await trouble.stopWorker();

    const due: Record<Kind, (userId: string) => number> = {
      askVisit: () => t0.getTime(),
      yesReply: (userId) => tapAt.get(userId)!,
      noReply: (userId) => tapAt.get(userId)!,
      reminder: () => t1.getTime(),
      lastCall: () => t2.getTime(),
    };
    const result = check(channel.sentMessages(), setup.groups, setup.outsiderIds, due);
    const wall = (at: Date) => wallClock(at, setup.timeZone);
    console.log(
      `due (${setup.timeZone}): A ${wall(t0)}, B ${wall(t1)}, last call ${wall(t2)}; taps: ` +
        `${fmt(tappers.filter(([, g]) => g === 'yes').length)} はい, ${fmt(tappers.filter(([, g]) => g === 'no').length)} いいえ`,
    );
    console.log(
      `friends ${fmt(members)} targeted + ${fmt(outsiders)} outside; sends received ${fmt(result.received)} ` +
        `(expected ${fmt(result.expected)}); kills ${trouble.kills}, fault bursts ${trouble.bursts}, ` +
        `connection cuts ${trouble.cuts}`,
    );
    console.log(
      `lost ${fmt(result.lost)}, duplicates ${fmt(result.duplicates)}, of another branch ${fmt(result.wrongBranch)}, ` +
        `outside the target ${fmt(result.outside)}; lateness p50 ${s(percentile(result.lateness, 50))}, ` +
        `p95 ${s(percentile(result.lateness, 95))}, max ${s(result.lateness.at(-1) ?? 0)} ` +
        `(target ≤ ${LATENESS_TARGET_S} s), early ${fmt(result.early)}`,
    );
    console.log(
      `max lateness by message: ${[...result.maxLateness].map(([kind, ms]) => `${kind} ${s(ms)}`).join(', ')}`,
    );
    console.log(`phases: ${trouble.phaseNotes.join('; ')}`);
    console.log(`kills: ${trouble.killNotes.join('; ')}`);
    console.log(
      `total ${s(performance.now() - started)}; worker peak RSS ${peakRss ? `${mib(peakRss)} MiB` : 'unknown'} ` +
        `(the highest of its ${trouble.kills + 1} runs)`,
    );
    const failures = [
      result.lost > 0 && `${result.lost} lost`,
      result.duplicates > 0 && `${result.duplicates} duplicates`,
      result.wrongBranch > 0 && `${result.wrongBranch} of another branch`,
      result.outside > 0 && `${result.outside} sent outside the target`,
      result.early > 0 && `${result.early} sent before due`,
      (result.lateness.at(-1) ?? 0) > LATENESS_TARGET_S * 1000 && `a send ${s(result.lateness.at(-1)!)} late`,
    ].filter((failure): failure is string => typeof failure === 'string');
    if (failures.length > 0) throw new Error(`soak failed: ${failures.join(', ')}`);
    console.log('soak: every check met');
  } finally {
    await trouble.stopWorker();
    await bench.stop();
    await sim.stop();
  }
}

const apiOf = (bench: BenchConsole) => ({
  request: (options: Parameters<typeof inject>[1]) => inject(bench.app, options),
});

/**
 * A LINE channel of a new account (Asia/Tokyo) on the simulator, webhooks to this console (LINE
 * redelivers what failed, as the console's setting asks), its staff, the tags 会員 and 予約済, and
 * the friends: `members` with 会員 (each in a group: taps はい, taps いいえ, never answers), then
 * `outsiders` without it (half of them with another tag). Their profiles count as read.
 */
async function campaignChannel(bench: BenchConsole, sim: LineSimulator, members: number, outsiders: number) {
  const timeZone = 'Asia/Tokyo';
  const account = await bench.factory.account({ timeZone });
  const { row, channel } = await bench.factory.lineChannelOn(account.id, sim);
  channel.setWebhookUrl(`${bench.url}/webhooks/line/${row.webhookKey}`);
  channel.setRedelivery(true);
  const authority = await bench.factory.staffAuthority(account.id, permissionsWith('edit', true));
  const staff = await bench.factory.user('service', {
    accountId: account.id,
    staffAuthorityId: authority.id,
    lineAccountIds: [row.id],
  });
  const as = { token: await bench.factory.login('service', staff.email), lineAccountId: row.id };
  const memberTag = await bench.factory.tag(row.id, { name: '会員' });
  const reservedTag = await bench.factory.tag(row.id, { name: '予約済' });
  const otherTag = await bench.factory.tag(row.id, { name: '退会済' });

  const userIds = channel.createFriends(members + outsiders, (i) => `友だち${i + 1}`).map((f) => f.userId);
  const sql = bench.runtime.ctx.database.sql;
  const ids: number[] = [];
  for (let from = 0; from < userIds.length; from += 100_000) {
    const { rows } = await sql.executeSql(
      `insert into friends (line_account_id, line_user_id, display_name, profile_fetched_at)
       select $1, u, '友だち' || (n + $3), now() from unnest($2::text[]) with ordinality as t(u, n)
       order by n returning id`,
      [row.id, userIds.slice(from, from + 100_000), from],
    );
    ids.push(...rows.map((r) => r['id'] as number));
  }
  const tagFriends = (tagId: number, friendIds: number[]) =>
    sql.executeSql(
      `insert into friend_tags (line_account_id, friend_id, tag_id) select $1, f, $2 from unnest($3::int[]) as f`,
      [row.id, tagId, friendIds],
    );
  await tagFriends(memberTag.id, ids.slice(0, members));
  await tagFriends(otherTag.id, ids.slice(members, members + Math.floor(outsiders / 2)));
  await sql.executeSql('analyze friends; analyze friend_tags', []);

  const taps = Math.min(Math.round(members * (YES_SHARE + NO_SHARE)), MAX_TAPS);
  const yes = Math.round((taps * YES_SHARE) / (YES_SHARE + NO_SHARE));
  const groups = new Map<string, Group>();
  shuffled(userIds.slice(0, members)).forEach((userId, i) =>
    groups.set(userId, i < yes ? 'yes' : i < taps ? 'no' : 'silent'),
  );
  return {
    channel,
    as,
    timeZone,
    memberTag: { id: memberTag.id, name: memberTag.name },
    reservedTag: { id: reservedTag.id, name: reservedTag.name },
    groups,
    outsiderIds: new Set(userIds.slice(members)),
  };
}

const text = (value: string): PlanMessage => filledMessage('text_message', value);

/** Broadcast A: to 会員 at `sendAt`, a confirm whose はい leads to a reply putting 予約済 on the friend, いいえ to another. */
function broadcastA(member: PlanLabelRef, reservedTagId: number, sendAt: Date): PlanDetail {
  let detail: PlanDetail = {
    plan: {
      ...defaultPlan('broadcast'),
      name: 'ソーク 来店確認',
      target_is_all: false,
      target_send: 'advanced',
      target_tags: [member],
      target_has_tag: true,
      send_at: sendAt.toISOString(),
    },
    plan_actions: [{ ...firstBox('confirm'), message: filledMessage('confirm', TEXTS.askVisit) }],
    plan_timings: [],
  };
  detail = addChild(detail, 'box-0', 'text_message', { column: null, action: 0 });
  detail = addChild(detail, 'box-0', 'text_message', { column: null, action: 1 });
  return {
    ...detail,
    plan_actions: detail.plan_actions.map((action) =>
      action.box_id === 'box-1-0'
        ? { ...action, message: text(TEXTS.yesReply), tag_ids: [reservedTagId] }
        : action.box_id === 'box-1-1'
          ? { ...action, message: text(TEXTS.noReply) }
          : action,
    ),
  };
}

/** Broadcast B: at `sendAt` to friends with 会員 and without 予約済, a reminder, then at `lastCallAt`'s HH:MM the same day a last call. */
function broadcastB(
  member: PlanLabelRef,
  reserved: PlanLabelRef,
  sendAt: Date,
  lastCallAt: Date,
  timeZone: string,
): PlanDetail {
  const detail = addChild(
    {
      plan: {
        ...defaultPlan('broadcast'),
        name: 'ソーク 当日のご案内',
        target_is_all: false,
        target_send: 'advanced',
        target_conditions: [{ id: null, tags_accepted: [member], tags_excepted: [reserved] }],
        send_at: sendAt.toISOString(),
      },
      plan_actions: [{ ...firstBox('text_message'), message: text(TEXTS.reminder) }],
      plan_timings: [],
    },
    'box-0',
  );
  const wall = zonedWallTime(lastCallAt, timeZone);
  const hhmm = `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
  return {
    ...detail,
    plan_actions: detail.plan_actions.map((action) =>
      action.box_id === 'box-1-0' ? { ...action, message: text(TEXTS.lastCall) } : action,
    ),
    plan_timings: detail.plan_timings.map((timing) => ({
      ...timing,
      timing_type: 'send_after',
      after_days: 0,
      next_action_at: hhmm,
    })),
  };
}

/**
 * From the reminder to the last call at least this long: the reminder's burst must be out before the
 * last call's wall-clock minute (a friend reminded after it would get the last call the next day).
 */
const lastCallGapMs = (members: number) => 20_000 + members * 0.2;

/**
 * The worker process and the trouble made for it: kills (SIGKILL, restarted at once), LINE's fault
 * bursts, cuts of every database connection; and its peak RSS across its runs (VmHWM).
 */
class Trouble {
  kills = 0;
  bursts = 0;
  cuts = 0;
  readonly killNotes: string[] = [];
  readonly phaseNotes: string[] = [];
  #worker: ServerProcess | undefined;
  #peakRss = 0;
  #sampler: NodeJS.Timeout | undefined;
  readonly #env: Record<string, string>;
  readonly #database: string;

  constructor(
    bench: BenchConsole,
    private readonly sim: LineSimulator,
  ) {
    const env = bench.serverEnv();
    this.#env = { ...env, LINE_API_BASE_URL: sim.url, LINE_DATA_API_BASE_URL: sim.url };
    this.#database = new URL(env['DATABASE_URL']!).pathname.slice(1);
  }

  async startWorker(): Promise<void> {
    this.#worker = await startServerProcess(this.#env, { role: 'worker' });
    this.#sampler ??= setInterval(() => this.#sample(), 250);
  }

  async stopWorker(): Promise<void> {
    clearInterval(this.#sampler);
    this.#sampler = undefined;
    await this.#worker?.kill('SIGTERM');
    this.#worker = undefined;
  }

  peakRssBytes(): number {
    this.#sample();
    return this.#peakRss;
  }

  async kill(when: string): Promise<void> {
    this.#sample();
    const killed = performance.now();
    await this.#worker!.kill('SIGKILL');
    this.kills += 1;
    await this.startWorker();
    this.killNotes.push(`at ${when}, back in ${s(performance.now() - killed)}`);
  }

  /** Cuts every connection to the database once the processes have any (right after a cut they may not yet). */
  async cut(): Promise<void> {
    await until(async () => (await terminateBackends(benchServerUrl(), this.#database)) > 0, 30_000, 'a cut');
    this.cuts += 1;
  }

  /** LINE answers the channel's next `count` sends (multicast and push each) with `mode`. */
  burst(channel: SimChannel, mode: FaultMode, count: number): void {
    for (const endpoint of ['multicast', 'pushMessage'] as const)
      this.sim.faults.inject({ channelId: channel.channelId, endpoint, mode, count });
    this.bursts += 1;
  }

  /**
   * Waits until `progress()` reaches `total`, doing each of `troubles` in turn at a random point of
   * the first two thirds (each in its own slice of it). Fails when the phase takes longer than PHASE_TIMEOUT_MS.
   */
  async during(
    progress: () => number,
    total: number,
    troubles: ((at: number) => Promise<void>)[],
    phase: string,
  ): Promise<void> {
    const started = performance.now();
    for (const [index, trouble] of troubles.entries()) {
      const at = Math.floor(((2 / 3) * total * (index + Math.random())) / troubles.length);
      await until(() => progress() > at, PHASE_TIMEOUT_MS, `${phase}: ${at} of ${total}`);
      await trouble(progress());
    }
    await until(() => progress() >= total, PHASE_TIMEOUT_MS, `${phase}: all ${total}`);
    this.phaseNotes.push(`${phase} ${s(performance.now() - started)}`);
  }

  /** Until no delivery waits, is queued or being sent (read from the database, retried across cuts). */
  async quiet(): Promise<void> {
    const url = new URL(benchServerUrl());
    url.pathname = `/${this.#database}`;
    await until(
      async () => {
        const { default: pg } = await import('pg');
        const client = new pg.Client({ connectionString: url.toString() });
        try {
          await client.connect();
          const { rows } = await client.query(
            `select (select count(*) from deliveries where status in ('queued', 'waiting', 'sending'))
                  + (select count(*) from plan_enrolments where status = 'active' and next_action_at is not null)
                  + (select count(*) from webhook_events where processed_at is null) as pending`,
          );
          return Number(rows[0]!['pending']) === 0;
        } catch {
          return false;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      PHASE_TIMEOUT_MS,
      'nothing left to send',
    );
  }

  #sample(): void {
    const pid = this.#worker?.pid;
    if (pid === undefined) return;
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (hwm) this.#peakRss = Math.max(this.#peakRss, Number(hwm) * 1024);
    } catch {
      // The process just exited (or /proc is not there): the last sample stands.
    }
  }
}

/** The simulator's record of the channel's sends, tallied by kind as it grows. */
class SimRecord {
  readonly #counts = new Map<Kind, number>();
  #seen = 0;
  #lastRead = 0;

  constructor(private readonly channel: SimChannel) {}

  count(kind: Kind): number {
    // Reading the record copies it: at most every 100 ms.
    if (this.channel.sentMessageCount() > this.#seen && performance.now() - this.#lastRead > 100) {
      const all = this.channel.sentMessages();
      for (const sent of all.slice(this.#seen)) {
        const found = kindOf(sent);
        if (found) this.#counts.set(found, (this.#counts.get(found) ?? 0) + 1);
      }
      this.#seen = all.length;
      this.#lastRead = performance.now();
    }
    return this.#counts.get(kind) ?? 0;
  }
}

function kindOf(sent: SentMessage): Kind | undefined {
  const message = sent.message as { text?: string; template?: { text?: string } };
  return KIND_OF_TEXT.get(message.text ?? message.template?.text ?? '');
}

/**
 * The virtual friends tap their option once they received the confirm, TAP_CONCURRENCY at a time;
 * each tap's time is noted before it is sent.
 */
async function tapAll(
  channel: SimChannel,
  tappers: [string, Group][],
  dataOf: (group: Group) => string,
  tapAt: Map<string, number>,
): Promise<void> {
  let next = 0;
  const tapper = async () => {
    while (next < tappers.length) {
      const [userId, group] = tappers[next++]!;
      const friend = channel.friend(userId)!;
      await until(
        () => friend.inbox().some((sent) => kindOf(sent) === 'askVisit'),
        PHASE_TIMEOUT_MS,
        `the confirm to ${userId}`,
      );
      tapAt.set(userId, Date.now());
      // A webhook the console failed to take (a cut) is redelivered by LINE; the tap stands.
      await friend.postback(dataOf(group));
    }
  };
  await Promise.all(Array.from({ length: TAP_CONCURRENCY }, tapper));
}

interface SoakResult {
  received: number;
  expected: number;
  lost: number;
  duplicates: number;
  wrongBranch: number;
  outside: number;
  early: number;
  /** Receipt − due of every first receipt, in ms, sorted. */
  lateness: number[];
  /** The largest lateness of each kind, in ms. */
  maxLateness: Map<Kind, number>;
}

/** Per friend, from the simulator's record: what each received against what their branch expects. */
function check(
  sent: SentMessage[],
  groups: Map<string, Group>,
  outsiders: Set<string>,
  due: Record<Kind, (userId: string) => number>,
): SoakResult {
  const byFriend = new Map<string, SentMessage[]>();
  for (const message of sent) {
    const list = byFriend.get(message.to);
    if (list) list.push(message);
    else byFriend.set(message.to, [message]);
  }
  const result: SoakResult = {
    received: sent.length,
    expected: 0,
    lost: 0,
    duplicates: 0,
    wrongBranch: 0,
    outside: 0,
    early: 0,
    lateness: [],
    maxLateness: new Map(),
  };
  for (const userId of outsiders) result.outside += byFriend.get(userId)?.length ?? 0;
  for (const [userId, group] of groups) {
    const expected = EXPECTED[group];
    result.expected += expected.length;
    const received = byFriend.get(userId) ?? [];
    for (const kind of expected) {
      const ofKind = received.filter((message) => kindOf(message) === kind && message.delivered);
      if (ofKind.length === 0) {
        result.lost += 1;
        continue;
      }
      result.duplicates += ofKind.length - 1;
      const late = ofKind[0]!.sentAt - due[kind](userId);
      if (late < 0) result.early += 1;
      result.lateness.push(late);
      result.maxLateness.set(kind, Math.max(result.maxLateness.get(kind) ?? -Infinity, late));
    }
    result.wrongBranch += received.filter((message) => !expected.includes(kindOf(message)!)).length;
  }
  result.lateness.sort((a, b) => a - b);
  return result;
}

function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const secondsFromNow = (seconds: number) => new Date(Math.ceil((Date.now() + seconds * 1000) / 1000) * 1000);
/** The first whole minute at or after `ms` (a wall-clock minute in every zone of whole-minute offset). */
const nextMinute = (ms: number) => new Date(Math.ceil(ms / 60_000) * 60_000);

async function sleepUntil(ms: number): Promise<void> {
  const wait = ms - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Polls `done` every 20 ms; fails with `what` after `timeoutMs`. */
async function until(done: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`soak: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function wallClock(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('ja-JP', { timeZone, timeStyle: 'medium' }).format(at);
}

const fmt = (n: number) => n.toLocaleString('en');
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
