import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { audienceLabelIds, type AudienceNode } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { channelScope } from '../../platform/principal.ts';
import { marks, tags } from '../labels/schema.ts';
import { planEnrolments } from '../plans/schema.ts';
import { createPlan, readPlan, savePlan, simplePlan, type Caller } from '../plans/test-support.ts';
import { planSends } from '../plan-engine/schema.ts';
import { runDueSends } from '../plan-engine/scheduler.ts';
import { engineChannel, listening } from '../plan-engine/test-support.ts';
import { audienceIdBatches, countAudience } from './repository/read.ts';

const t = useTestApp({ simulator: true });
let consoleUrl: string;

beforeAll(async () => {
  consoleUrl = await listening(t);
});

/*
 * The two defects, as a user meets them: a broadcast whose target names a tag that is then
 * deleted must reach nobody, in the forecast and in the send, never every following friend or
 * every friend with the other label.
 */
describe('a deleted label never widens a plan target', () => {
  async function broadcastTo(as: Caller, target: Partial<ReturnType<typeof simplePlan>['plan']>) {
    const detail = simplePlan('broadcast', '削除されたタグ');
    return createPlan(t, as, {
      ...detail,
      plan: { ...detail.plan, target_is_all: false, target_send: 'advanced', tag_ids: [], ...target },
    });
  }
  const forecast = async (as: Caller, planId: number) => {
    const response = await t.request({ method: 'GET', path: `/service/plans/${planId}/forecast`, ...as });
    expect(response.status, response.text).toBe(200);
    return (response.json.data as { recipients: number }).recipients;
  };
  const deleteLabel = async (as: Caller, kind: 'tags' | 'marks', id: number) => {
    const response = await t.request({
      method: 'DELETE',
      path: `/service/${kind}/${id}`,
      query: { confirm: 'true' },
      ...as,
    });
    expect(response.status, response.text).toBe(200);
  };
  /** Activates the broadcast (it goes out at once) and runs the engine: how many it enrolled and sent. */
  async function send(as: Caller, planId: number) {
    const response = await t.request({
      method: 'POST',
      path: `/service/plans/${planId}/activate`,
      body: { allow_partial_send: true },
      ...as,
    });
    expect(response.status, response.text).toBe(200);
    await runDueSends(t.ctx);
    const enrolled = await t.db.select().from(planEnrolments).where(eq(planEnrolments.planId, planId));
    const sent = await t.db.select().from(planSends).where(eq(planSends.planId, planId));
    return { enrolled: enrolled.length, sent: sent.length };
  }

  it('"has T and not U", T deleted: the forecast and the send reach nobody (not the 34 following friends)', async () => {
    const { lineAccountId, as } = await engineChannel(t, consoleUrl);
    const [tagT, tagU] = [await t.factory.tag(lineAccountId), await t.factory.tag(lineAccountId)];
    for (let i = 0; i < 34; i++) await t.factory.friend(lineAccountId, { tagIds: i < 5 ? [tagT.id] : [] });
    const plan = await broadcastTo(as, {
      target_conditions: [
        {
          id: null,
          tags_accepted: [{ id: tagT.id, name: tagT.name }],
          tags_excepted: [{ id: tagU.id, name: tagU.name }],
        },
      ],
    });
    expect(await forecast(as, plan.plan.id!)).toBe(5);

    await deleteLabel(as, 'tags', tagT.id);
    expect(await forecast(as, plan.plan.id!)).toBe(0);
    expect(await send(as, plan.plan.id!)).toEqual({ enrolled: 0, sent: 0 });
    // The plan still shows the deleted tag, as deleted.
    const read = await readPlan(t, as, plan.plan.id!);
    expect(read.plan.target_conditions[0]!.tags_accepted).toEqual([{ id: tagT.id, name: '', deleted: true }]);
    // Saved again as it reads (the deleted tag kept), it still reaches nobody.
    expect((await savePlan(t, as, read)).status).toBe(200);
    expect(await forecast(as, plan.plan.id!)).toBe(0);
    const again = await readPlan(t, as, plan.plan.id!);
    expect(again.plan.target_conditions.map((c) => c.id)).toEqual(read.plan.target_conditions.map((c) => c.id));
  });

  it('"T and mark M", T deleted: nobody, not every friend with M', async () => {
    const { lineAccountId, as } = await engineChannel(t, consoleUrl);
    const tagT = await t.factory.tag(lineAccountId);
    const markM = await t.factory.mark(lineAccountId);
    for (let i = 0; i < 4; i++) await t.factory.friend(lineAccountId, { tagIds: [tagT.id], markIds: [markM.id] });
    for (let i = 0; i < 6; i++) await t.factory.friend(lineAccountId, { markIds: [markM.id] });
    for (let i = 0; i < 3; i++) await t.factory.friend(lineAccountId);
    const plan = await broadcastTo(as, {
      target_tags: [{ id: tagT.id, name: tagT.name }],
      target_marks: [{ id: markM.id, name: markM.name }],
    });
    expect(await forecast(as, plan.plan.id!)).toBe(4);

    await deleteLabel(as, 'tags', tagT.id);
    expect(await forecast(as, plan.plan.id!)).toBe(0);
    expect(await send(as, plan.plan.id!)).toEqual({ enrolled: 0, sent: 0 });
  });
});

/** A small seeded generator (mulberry32): the same cases on every run. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]) => items[int(items.length)]!;
  const some = <T>(items: readonly T[], min = 1) => {
    const chosen = items.filter(() => next() < 0.5);
    return chosen.length >= min ? chosen : [pick(items)];
  };
  return { next, int, pick, some };
}

type Truth = boolean | null;
const or3 = (values: Truth[]): Truth => (values.includes(true) ? true : values.includes(null) ? null : false);
const and3 = (values: Truth[]): Truth => (values.includes(false) ? false : values.includes(null) ? null : true);
const not3 = (value: Truth): Truth => (value === null ? null : !value);

describe('audience property: deleting labels never widens', () => {
  it('for 240 random targets and random deletions of the labels they name, the audience after is within the one before, as three-valued logic says', async () => {
    const owner = await t.factory.tenant();
    const lineAccountId = owner.channels[0]!.id;
    const scope = channelScope(lineAccountId);
    const rand = random(20261127);
    const tagIds: number[] = [];
    for (let i = 0; i < 4; i++) tagIds.push((await t.factory.tag(lineAccountId)).id);
    const markIds: number[] = [];
    for (let i = 0; i < 3; i++) markIds.push((await t.factory.mark(lineAccountId)).id);
    const people: { id: number; tags: number[]; marks: number[]; following: boolean }[] = [];
    for (let i = 0; i < 16; i++) {
      const spec = {
        tags: tagIds.filter(() => rand.next() < 0.4),
        marks: markIds.filter(() => rand.next() < 0.4),
        following: rand.next() < 0.8,
      };
      const friend = await t.factory.friend(lineAccountId, {
        tagIds: spec.tags,
        markIds: spec.marks,
        status: spec.following ? 'following' : 'blocked',
      });
      people.push({ id: friend.id, ...spec });
    }

    const leaf = (): AudienceNode => {
      const roll = rand.int(10);
      const match = rand.pick(['all', 'any', 'none'] as const);
      if (roll < 5) return { kind: 'tags', match, ids: rand.some(tagIds) };
      if (roll < 8) return { kind: 'marks', match, ids: rand.some(markIds) };
      if (roll < 9) return { kind: 'status', status: 'following' };
      return { kind: 'friends', ids: rand.some(people.map((p) => p.id)) };
    };
    const node = (depth: number): AudienceNode => {
      const roll = rand.int(10);
      if (depth >= 3 || roll < 4) return leaf();
      if (roll < 6) return { kind: 'not', of: node(depth + 1) };
      const of = Array.from({ length: 1 + rand.int(3) }, () => node(depth + 1));
      return { kind: roll < 8 ? 'all' : 'any', of };
    };
    /** The expression's truth for a friend, a label in `gone` being UNKNOWN. */
    const truth = (n: AudienceNode, p: (typeof people)[number], gone: Set<string>): Truth => {
      const of = (n as { of: AudienceNode | AudienceNode[] }).of;
      if (n.kind === 'not') return not3(truth(of as AudienceNode, p, gone));
      if (n.kind === 'all')
        return (of as AudienceNode[]).length === 0 ? null : and3((of as AudienceNode[]).map((c) => truth(c, p, gone)));
      if (n.kind === 'any')
        return (of as AudienceNode[]).length === 0 ? null : or3((of as AudienceNode[]).map((c) => truth(c, p, gone)));
      if (n.kind === 'status') return p.following;
      const ids = (n as unknown as { ids: number[] }).ids;
      if (n.kind === 'friends') return ids.includes(p.id);
      const kind = n.kind as 'tags' | 'marks';
      const atoms = [...new Set(ids)].map((id) => (gone.has(`${kind}:${id}`) ? null : p[kind].includes(id)));
      const match = (n as unknown as { match: string }).match;
      return match === 'all' ? and3(atoms) : match === 'any' ? or3(atoms) : not3(or3(atoms));
    };
    const expected = (n: AudienceNode, gone: Set<string>) =>
      people
        .filter((p) => truth(n, p, gone) === true)
        .map((p) => p.id)
        .sort((a, b) => a - b);

    const source = { db: t.db, registries: t.ctx.registries };
    const idsOf = async (db: typeof t.db, n: AudienceNode) => {
      const found = [];
      for await (const batch of audienceIdBatches({ ...source, db }, scope, n, 7)) found.push(...batch);
      return found.sort((a, b) => a - b);
    };
    class Rollback extends Error {}
    let narrowed = 0;
    for (let i = 0; i < 240; i++) {
      const expression = node(0);
      // Some of the labels the target names, deleted.
      const named = (['tags', 'marks'] as const).flatMap((kind) =>
        audienceLabelIds(expression, kind)
          .filter(() => rand.next() < 0.5)
          .map((id) => `${kind}:${id}`),
      );
      const gone = new Set(named);
      const before = await idsOf(t.db, expression);
      expect(before, JSON.stringify(expression)).toEqual(expected(expression, new Set()));
      expect(await countAudience(source, scope, expression)).toBe(before.length);
      // The deletions in a transaction rolled back: each case starts from the same friends.
      await t.db
        .transaction(async (tx) => {
          const ofKind = (kind: string) =>
            named.filter((key) => key.startsWith(`${kind}:`)).map((key) => Number(key.split(':')[1]));
          if (ofKind('tags').length > 0) await tx.delete(tags).where(inArray(tags.id, ofKind('tags')));
          if (ofKind('marks').length > 0) await tx.delete(marks).where(inArray(marks.id, ofKind('marks')));
          const after = await idsOf(tx as unknown as typeof t.db, expression);
          const label = `${JSON.stringify(expression)} deleting ${named.join(',')}`;
          expect(after, label).toEqual(expected(expression, gone));
          expect(
            after.every((id) => before.includes(id)),
            label,
          ).toBe(true);
          if (after.length < before.length) narrowed += 1;
          throw new Rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
    }
    // The cases do exercise deletions that matter.
    expect(narrowed).toBeGreaterThan(20);
  });
});
