/**
 * The HTTP behaviour tags and marks share, run by tags.db.test.ts and marks.db.test.ts against
 * their own routes (the feature permission differs, the rules do not).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_PAGE_SIZE, permissionsWith } from '@linq/contract';
import { startTestApp, type TestApp, type TestRequest } from '../../test/harness.ts';
import type { Tenant } from '../../test/factory.ts';
import { folders } from '../folders/schema.ts';
import { friends } from '../friends/schema.ts';
import { duplicateNameMessage, folderMessage, FRIENDS_MESSAGE, inUseMessage, usedMessage } from './service.ts';
import { createPlan, simplePlan } from '../plans/test-support.ts';

export interface LabelApiCase {
  kind: 'tag' | 'mark';
  noun: string;
  /** Fields a create needs beyond name (marks: color). */
  required: Record<string, unknown>;
}

interface Label {
  id: number;
  name: string;
  folder_id: number | null;
  sort_index: number;
  friend_count: number;
  created_at: string;
  updated_at: string;
}

export function describeLabelApi({ kind, noun, required }: LabelApiCase) {
  const base = `/service/${kind}s`;
  const folderType = `${kind}s` as const;
  const otherType = kind === 'tag' ? 'marks' : 'tags';
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await startTestApp();
    tenant = await t.factory.tenant();
  });
  afterAll(() => t.stop());

  const unique = () => Math.random().toString(36).slice(2, 8);
  const channel = (n: 0 | 1) => tenant.channels[n]!.id;
  const asStaff = (request: Omit<TestRequest, 'token'>, token = tenant.tokens.staff) =>
    t.request({ lineAccountId: channel(0), ...request, token });

  async function create(body: Record<string, unknown> = {}, lineAccountId = channel(0)): Promise<Label> {
    const r = await asStaff({
      method: 'POST',
      path: base,
      lineAccountId,
      body: { name: unique(), ...required, ...body },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.json.data as Label;
  }
  async function folder(folderType: 'tags' | 'marks', lineAccountId = channel(0)): Promise<number> {
    const [row] = await t.runtime.ctx.database.db
      .insert(folders)
      .values({ scope: 'service', lineAccountId, folderType, name: unique() })
      .returning();
    return row!.id;
  }
  async function friend(status: 'following' | 'blocked' = 'following', lineAccountId = channel(0)): Promise<number> {
    const [row] = await t.runtime.ctx.database.db
      .insert(friends)
      .values({ lineAccountId, lineUserId: `U${unique()}${unique()}`, displayName: 'f', status })
      .returning();
    return row!.id;
  }
  const get = async (id: number) => (await asStaff({ method: 'GET', path: `${base}/${id}` })).json.data as Label;
  const bulk = (method: 'POST' | 'DELETE', id: number, friendIds: number[], lineAccountId = channel(0)) =>
    asStaff({ method, path: `${base}/${id}/friends`, body: { friend_ids: friendIds }, lineAccountId });

  describe(`${base} (shared label rules)`, () => {
    it('creates, reads, lists, updates and deletes', async () => {
      const folderId = await folder(folderType);
      const created = await asStaff({
        method: 'POST',
        path: base,
        body: { name: '  見込み客  ', folder_id: folderId, sort_index: 2, ...required },
      });
      expect(created.status).toBe(201);
      const label = created.json.data as Label;
      expect(label).toMatchObject({ name: '見込み客', folder_id: folderId, sort_index: 2, friend_count: 0 });
      expect(await get(label.id)).toEqual(label);

      const list = await asStaff({ method: 'GET', path: base });
      expect(list.status).toBe(200);
      expect(list.json).toEqual({
        data: [label],
        total_item_count: 1,
        pagination: { current: 1, pageSize: LABEL_PAGE_SIZE },
      });

      const updated = await asStaff({
        method: 'PUT',
        path: `${base}/${label.id}`,
        body: { name: ' 顧客 ', folder_id: null, sort_index: null, ...required },
      });
      expect(updated.status).toBe(200);
      expect(updated.json.data).toMatchObject({ id: label.id, name: '顧客', folder_id: null, sort_index: 0 });

      const removed = await asStaff({ method: 'DELETE', path: `${base}/${label.id}` });
      expect(removed.status).toBe(200);
      expect(removed.json.data).toMatchObject({ id: label.id, name: '顧客' });
      expect((await asStaff({ method: 'GET', path: `${base}/${label.id}` })).status).toBe(404);
      expect((await asStaff({ method: 'DELETE', path: `${base}/${label.id}` })).status).toBe(404);
    });

    it('lists by sort_index then id, searches the name, filters by folder and pages', async () => {
      const folderId = await folder(folderType);
      const c = await create({ name: 'list-c 100%', sort_index: 5, folder_id: folderId });
      const a = await create({ name: 'list-a', sort_index: 1, folder_id: folderId });
      const b = await create({ name: 'list-b', sort_index: 1 });
      await create({ name: 'list-other' }, channel(1));
      const ids = async (query: Record<string, string | number>) => {
        const r = await asStaff({ method: 'GET', path: base, query });
        expect(r.status).toBe(200);
        return (r.json.data as Label[]).map((l) => l.id);
      };
      expect(await ids({ q: 'list-' })).toEqual([a.id, b.id, c.id]);
      expect(await ids({ q: '0%' })).toEqual([c.id]);
      expect(await ids({ q: '_' })).toEqual([]);
      expect(await ids({ folder_id: folderId })).toEqual([a.id, c.id]);
      const page = await asStaff({ method: 'GET', path: base, query: { q: 'list-', page: 2, limit: 2 } });
      expect(page.json).toMatchObject({ total_item_count: 3, pagination: { current: 2, pageSize: 2 } });
      expect((page.json.data as Label[]).map((l) => l.id)).toEqual([c.id]);
    });

    it('requires a trimmed name of 1 to 50 characters, unique in the channel (422 on name)', async () => {
      for (const name of ['   ', 'あ'.repeat(51)]) {
        const r = await asStaff({ method: 'POST', path: base, body: { name, ...required } });
        expect(r.status).toBe(422);
        expect(r.json.errors).toHaveProperty('name');
      }
      expect((await create({ name: 'あ'.repeat(50) })).name).toHaveLength(50);
      const taken = await create({ name: '重複' });
      const again = await asStaff({ method: 'POST', path: base, body: { name: ' 重複 ', ...required } });
      expect(again.status).toBe(422);
      expect(again.json).toEqual({ success: false, errors: { name: { description: duplicateNameMessage(noun) } } });
      await create({ name: '重複' }, channel(1));
      const other = await create();
      const rename = await asStaff({ method: 'PUT', path: `${base}/${other.id}`, body: { name: '重複', ...required } });
      expect(rename.status).toBe(422);
      expect(rename.json.errors).toHaveProperty('name');
      const keep = await asStaff({ method: 'PUT', path: `${base}/${taken.id}`, body: { name: '重複', ...required } });
      expect(keep.status).toBe(200);
    });

    it('takes only a folder of its own type in the channel (422 on folder_id)', async () => {
      const own = await create();
      for (const folderId of [await folder(otherType), await folder(folderType, channel(1)), 2_000_000]) {
        const post = await asStaff({
          method: 'POST',
          path: base,
          body: { name: unique(), folder_id: folderId, ...required },
        });
        expect(post.status).toBe(422);
        expect(post.json.errors).toEqual({ folder_id: { description: folderMessage(noun) } });
        const put = await asStaff({
          method: 'PUT',
          path: `${base}/${own.id}`,
          body: { name: own.name, folder_id: folderId, ...required },
        });
        expect(put.status).toBe(422);
        expect(put.json.errors).toHaveProperty('folder_id');
      }
      expect((await get(own.id)).folder_id).toBeNull();
    });

    it('counts following friends, adds and removes in bulk idempotently', async () => {
      const label = await create();
      const [f1, f2, blocked] = [await friend(), await friend(), await friend('blocked')];
      const added = await bulk('POST', label.id, [f1, f2, blocked, f1]);
      expect(added.status).toBe(200);
      expect(added.json.data).toEqual({ [kind]: { ...label, friend_count: 2 }, changed: 3 });
      const again = await bulk('POST', label.id, [f1, f2]);
      expect(again.json.data).toMatchObject({ [kind]: { friend_count: 2 }, changed: 0 });

      const list = await asStaff({ method: 'GET', path: base, query: { q: label.name } });
      expect((list.json.data as Label[])[0]!.friend_count).toBe(2);

      const removed = await bulk('DELETE', label.id, [f1, blocked]);
      expect(removed.status).toBe(200);
      expect(removed.json.data).toMatchObject({ [kind]: { id: label.id, friend_count: 1 }, changed: 2 });
      const removedAgain = await bulk('DELETE', label.id, [f1, blocked]);
      expect(removedAgain.json.data).toMatchObject({ [kind]: { friend_count: 1 }, changed: 0 });
      expect((await get(label.id)).friend_count).toBe(1);
    });

    it('refuses friends of another channel (422 on friend_ids) and changes nothing', async () => {
      const label = await create();
      const mine = await friend();
      const theirs = await friend('following', channel(1));
      for (const method of ['POST', 'DELETE'] as const) {
        const r = await bulk(method, label.id, [mine, theirs]);
        expect(r.status).toBe(422);
        expect(r.json.errors).toEqual({ friend_ids: { description: FRIENDS_MESSAGE } });
      }
      expect((await get(label.id)).friend_count).toBe(0);
      expect((await bulk('POST', label.id, [])).status).toBe(422);
    });

    it('asks before deleting a label friends carry: 409 with the count, then deletes with confirm=true', async () => {
      const label = await create();
      await bulk('POST', label.id, [await friend(), await friend(), await friend('blocked')]);
      const asked = await asStaff({ method: 'DELETE', path: `${base}/${label.id}` });
      expect(asked.status).toBe(409);
      expect(asked.json).toEqual({ success: false, errors: inUseMessage(noun, 3) });
      expect(asked.json.errors).toContain('3 人');
      const no = await asStaff({ method: 'DELETE', path: `${base}/${label.id}`, query: { confirm: 'false' } });
      expect(no.status).toBe(409);
      expect((await get(label.id)).friend_count).toBe(2);
      const yes = await asStaff({ method: 'DELETE', path: `${base}/${label.id}`, query: { confirm: 'true' } });
      expect(yes.status).toBe(200);
      expect(yes.json.data).toMatchObject({ id: label.id, friend_count: 2 });
      expect((await asStaff({ method: 'GET', path: `${base}/${label.id}` })).status).toBe(404);
    });

    it('lists where plans use it (target, effects, trigger) and asks before deleting a used label: 409 with the uses, then deletes with confirm=true', async () => {
      const label = await create();
      const as = { token: tenant.tokens.staff, lineAccountId: channel(0) };
      const ref = [{ id: label.id, name: label.name }];
      const broadcast = simplePlan('broadcast', `対象 ${unique()}`);
      const targeting = await createPlan(t, as, {
        ...broadcast,
        plan: {
          ...broadcast.plan,
          target_is_all: false,
          target_send: 'advanced',
          ...(kind === 'tag' ? { target_tags: ref } : { target_marks: ref }),
        },
      });
      const scenario = simplePlan('scenario', `効果 ${unique()}`);
      const ids = kind === 'tag' ? { tag_ids: [label.id] } : { mark_ids: [label.id] };
      const effects = await createPlan(t, as, {
        ...scenario,
        plan: { ...scenario.plan, ...ids },
        plan_actions: scenario.plan_actions.map((action) => ({ ...action, ...ids })),
      });
      const triggered =
        kind === 'tag'
          ? await createPlan(t, as, {
              ...scenario,
              plan: {
                ...scenario.plan,
                name: `きっかけ ${unique()}`,
                scenario_trigger: 'tag_added',
                trigger_ref_id: label.id,
              },
            })
          : null;
      const use = (plan: typeof targeting, where: string) => ({
        feature: 'plan',
        id: plan.plan.id,
        name: plan.plan.name,
        where,
      });
      const expected = [
        use(targeting, 'target'),
        use(effects, 'effect'),
        use(effects, 'box_effect'),
        ...(triggered ? [use(triggered, 'trigger')] : []),
      ];
      const uses = await asStaff({ method: 'GET', path: `${base}/${label.id}/uses` });
      expect(uses.status).toBe(200);
      expect(uses.json.data).toEqual(expected);
      // Unused and carried by nobody: no uses, deleted at once.
      const unused = await create();
      expect((await asStaff({ method: 'GET', path: `${base}/${unused.id}/uses` })).json.data).toEqual([]);

      const asked = await asStaff({ method: 'DELETE', path: `${base}/${label.id}` });
      expect(asked.status).toBe(409);
      expect(asked.json).toEqual({ success: false, errors: usedMessage(noun), uses: expected });
      expect((await asStaff({ method: 'GET', path: `${base}/${label.id}` })).status).toBe(200);
      const yes = await asStaff({ method: 'DELETE', path: `${base}/${label.id}`, query: { confirm: 'true' } });
      expect(yes.status).toBe(200);
      expect((await asStaff({ method: 'GET', path: `${base}/${label.id}` })).status).toBe(404);
      expect((await asStaff({ method: 'DELETE', path: `${base}/${unused.id}` })).status).toBe(200);
    });

    it('keeps a label when its folder is deleted, without the folder', async () => {
      const folderId = await folder(folderType);
      const label = await create({ folder_id: folderId });
      expect((await asStaff({ method: 'DELETE', path: `/service/folders/${folderId}` })).status).toBe(200);
      expect((await get(label.id)).folder_id).toBeNull();
    });

    it('answers 404 for another channel’s label and changes nothing', async () => {
      const theirs = await create({ name: 'theirs' }, channel(1));
      const f = await friend();
      const attempts = [
        asStaff({ method: 'GET', path: `${base}/${theirs.id}` }),
        asStaff({ method: 'PUT', path: `${base}/${theirs.id}`, body: { name: 'x', ...required } }),
        asStaff({ method: 'DELETE', path: `${base}/${theirs.id}`, query: { confirm: 'true' } }),
        bulk('POST', theirs.id, [f]),
        bulk('DELETE', theirs.id, [f]),
      ];
      for (const r of await Promise.all(attempts)) expect(r.status).toBe(404);
      const list = await asStaff({ method: 'GET', path: base });
      expect((list.json.data as Label[]).map((l) => l.id)).not.toContain(theirs.id);
      const still = await asStaff({ method: 'GET', path: `${base}/${theirs.id}`, lineAccountId: channel(1) });
      expect(still.json.data).toEqual(theirs);
    });

    it('lets view-only staff read but not write (403), and needs the feature', async () => {
      const label = await create();
      const f = await friend();
      const viewer = tenant.tokens.viewer;
      expect((await asStaff({ method: 'GET', path: base }, viewer)).status).toBe(200);
      expect((await asStaff({ method: 'GET', path: `${base}/${label.id}` }, viewer)).status).toBe(200);
      const writes: Omit<TestRequest, 'token'>[] = [
        { method: 'POST', path: base, body: { name: unique(), ...required } },
        { method: 'PUT', path: `${base}/${label.id}`, body: { name: 'v', ...required } },
        { method: 'DELETE', path: `${base}/${label.id}`, query: { confirm: 'true' } },
        { method: 'POST', path: `${base}/${label.id}/friends`, body: { friend_ids: [f] } },
        { method: 'DELETE', path: `${base}/${label.id}/friends`, body: { friend_ids: [f] } },
      ];
      for (const request of writes) expect((await asStaff(request, viewer)).status).toBe(403);
      expect(await get(label.id)).toEqual(label);

      const without = await t.factory.staffAuthority(tenant.account.id, {
        ...permissionsWith('edit', true),
        features: { ...permissionsWith('edit', true).features, [folderType]: 'none' },
      });
      const user = await t.factory.user('service', {
        accountId: tenant.account.id,
        staffAuthorityId: without.id,
        lineAccountIds: [channel(0)],
      });
      const token = await t.factory.login('service', user.email);
      expect((await asStaff({ method: 'GET', path: base }, token)).status).toBe(403);
      // The other label feature is untouched.
      expect((await asStaff({ method: 'GET', path: `/service/${otherType}` }, token)).status).toBe(200);
    });

    it('needs a service session and a channel the user is assigned', async () => {
      expect((await t.request({ method: 'GET', path: base })).status).toBe(401);
      expect((await t.request({ method: 'GET', path: base, token: tenant.tokens.owner })).status).toBe(401);
      expect((await t.request({ method: 'GET', path: base, token: tenant.tokens.staff })).status).toBe(400);
      const r = await asStaff({ method: 'GET', path: base, lineAccountId: channel(1) }, tenant.tokens.viewer);
      expect(r.status).toBe(403);
    });
  });

  /** For the kind's own tests, on the same app and tenant. */
  return { request: asStaff, create, friend };
}
