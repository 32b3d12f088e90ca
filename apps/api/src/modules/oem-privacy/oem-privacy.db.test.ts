import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { OEM_PAGE_BODY_MAX, oemPrivacyApi } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { oems } from '../tenants/schema.ts';
import { oemPageVersions } from './schema.ts';

const t = useTestApp({ tenants: 2, admin: true });

const domainOf = async (oemId: number) =>
  (await t.db.select({ domain: oems.domain }).from(oems).where(eq(oems.id, oemId)))[0]!.domain;

describe('OEM privacy policy and terms', () => {
  it('each save is a new version, listed newest first with who saved it; the public page shows the latest', async () => {
    const token = t.tenant.tokens.oemAdmin;
    const oemId = t.tenant.account.oemId;
    const empty = await t.call(oemPrivacyApi.get, {}, { token });
    expect(empty.output.data).toMatchObject({ oem: { id: oemId }, privacy_policy: null, terms: null });

    const first = await t.call(
      oemPrivacyApi.save,
      { params: { kind: 'privacy_policy' }, body: { body: '# 方針\n初版' } },
      { token },
    );
    expect(first.output.data).toMatchObject({
      kind: 'privacy_policy',
      version: 1,
      author_name: t.tenant.oemAdmin.name,
    });
    const second = await t.call(
      oemPrivacyApi.save,
      { params: { kind: 'privacy_policy' }, body: { body: '# 方針\n第2版' } },
      { token },
    );
    expect(second.output.data.version).toBe(2);
    await t.call(oemPrivacyApi.save, { params: { kind: 'terms' }, body: { body: '# 規約' } }, { token });

    const current = await t.call(oemPrivacyApi.get, {}, { token });
    expect(current.output.data.privacy_policy?.body).toBe('# 方針\n第2版');
    expect(current.output.data.terms?.version).toBe(1);

    const versions = await t.call(oemPrivacyApi.versions, { params: { kind: 'privacy_policy' }, query: {} }, { token });
    expect(versions.output.data.map((version) => version.version)).toEqual([2, 1]);
    expect(versions.output.total_item_count).toBe(2);
    const old = await t.call(
      oemPrivacyApi.version,
      { params: { id: versions.output.data[1]!.id }, query: {} },
      { token },
    );
    expect(old.output.data.body).toBe('# 方針\n初版');

    const domain = await domainOf(oemId);
    const publicPage = await t.call(oemPrivacyApi.publicPage, {
      params: { kind: 'privacy_policy' },
      query: { domain },
    });
    expect(publicPage.output.data).toMatchObject({ body: '# 方針\n第2版', version: 2 });
    const otherPage = await t.call(oemPrivacyApi.publicPage, {
      params: { kind: 'privacy_policy' },
      query: { domain: await domainOf(t.other.account.oemId) },
    });
    expect(otherPage.output.data.body).toBeNull();
  });

  it('refuses an empty or too long text (422) and an unknown kind (404)', async () => {
    const token = t.tenant.tokens.oemAdmin;
    for (const body of ['  ', 'x'.repeat(OEM_PAGE_BODY_MAX + 1)]) {
      const response = await t.send(oemPrivacyApi.save, { params: { kind: 'terms' }, body: { body } }, { token });
      expect(response.status).toBe(422);
      expect(Object.keys(response.json.errors as object)).toEqual(['body']);
    }
    const unknown = await t.send(oemPrivacyApi.save, { params: { kind: 'cookies' }, body: { body: 'x' } }, { token });
    expect(unknown.status).toBe(404);
  });

  it('another OEM’s admin can neither read nor add versions of it (404, nothing written)', async () => {
    const oemId = t.tenant.account.oemId;
    const token = t.other.tokens.oemAdmin;
    const versionsBefore = async () =>
      (await t.db.select({ n: count() }).from(oemPageVersions).where(eq(oemPageVersions.oemId, oemId)))[0]!.n;
    const before = await versionsBefore();
    const [anyVersion] = await t.db.select().from(oemPageVersions).where(eq(oemPageVersions.oemId, oemId));

    expect((await t.send(oemPrivacyApi.get, { query: { oem_id: oemId } }, { token })).status).toBe(404);
    expect(
      (await t.send(oemPrivacyApi.versions, { params: { kind: 'terms' }, query: { oem_id: oemId } }, { token })).status,
    ).toBe(404);
    expect(
      (
        await t.send(
          oemPrivacyApi.save,
          { params: { kind: 'terms' }, query: { oem_id: oemId }, body: { body: 'x' } },
          { token },
        )
      ).status,
    ).toBe(404);
    // A version's id of the other OEM names nothing in one's own.
    expect((await t.send(oemPrivacyApi.version, { params: { id: anyVersion!.id } }, { token })).status).toBe(404);
    expect(await versionsBefore()).toBe(before);

    // A platform admin acts on the OEM they choose.
    const chosen = await t.call(oemPrivacyApi.get, { query: { oem_id: oemId } }, t.admin);
    expect(chosen.output.data.oem.id).toBe(oemId);
    const saved = await t.call(
      oemPrivacyApi.save,
      { params: { kind: 'terms' }, query: { oem_id: oemId }, body: { body: '# 規約（運営が改訂）' } },
      t.admin,
    );
    expect(saved.output.data.version).toBe(2);
  });
});
