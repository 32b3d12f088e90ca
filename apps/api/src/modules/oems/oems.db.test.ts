import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makePng } from '@linq/line-simulator';
import {
  brandingApi,
  COLOUR_MESSAGE,
  DEFAULT_OEM_DELETE_MESSAGE,
  DEFAULT_REQUIRED_MESSAGE,
  DOMAIN_REPEATED,
  DOMAIN_TAKEN_MESSAGE,
  DOMAINS_REQUIRED,
  IMAGE_PATH_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  oemInUseMessage,
  oemsApi,
  type OemInput,
} from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { oems } from '../tenants/schema.ts';

const t = useTestApp({ tenants: 2, admin: true });
let defaultOemId: number;

beforeAll(async () => {
  defaultOemId = (await t.factory.defaultOem()).id;
});

const input = (overrides: Partial<OemInput> = {}): OemInput => ({
  name: 'Brand OEM',
  service_name: 'Brand Marketing',
  domains: ['brand.example', 'www.brand.example'],
  favicon_url: '/favicon.svg',
  primary_color: '#C2185B',
  header_color: '#FFFFFF',
  sider_color: '#263238',
  ...overrides,
});

const fieldErrors = (json: { errors?: unknown }) => json.errors as Record<string, { description: string }>;

function multipart(bytes: Buffer) {
  const boundary = `----linq${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function uploadImage(bytes: Buffer, token: string) {
  const body = multipart(bytes);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/oems/images',
    headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return { status: response.statusCode, json: response.json<{ data?: { url: string }; errors?: unknown }>() };
}

describe('OEMs (platform admins)', () => {
  it('creates, lists, reads, updates and deletes an OEM with several domains', async () => {
    const created = await t.call(oemsApi.create, { body: input({ landing_text: 'ようこそ' }) }, t.admin);
    expect(created.status).toBe(201);
    const oem = created.output.data;
    expect(oem).toMatchObject({
      service_name: 'Brand Marketing',
      domains: ['brand.example', 'www.brand.example'],
      is_default: false,
      logo_url: null,
      support_email: null,
      landing_text: 'ようこそ',
      agency_count: 0,
      account_count: 0,
    });

    const listed = await t.call(oemsApi.list, { query: { q: 'www.brand' } }, t.admin);
    expect(listed.output.data.map((row) => row.id)).toEqual([oem.id]);
    expect((await t.call(oemsApi.get, { params: { id: oem.id } }, t.admin)).output.data.name).toBe('Brand OEM');

    const updated = await t.call(
      oemsApi.update,
      {
        params: { id: oem.id },
        body: input({
          id: oem.id,
          service_name: 'Brand Renamed',
          domains: ['Brand.Example.', 'shop.brand.example'],
          support_email: 'help@brand.example',
          mail_from_name: 'Brand',
          mail_from_address: 'no-reply@brand.example',
          logo_url: '/files/logo.png',
        }),
      },
      t.admin,
    );
    expect(updated.output.data).toMatchObject({
      service_name: 'Brand Renamed',
      domains: ['brand.example', 'shop.brand.example'],
      support_email: 'help@brand.example',
      mail_from_address: 'no-reply@brand.example',
      logo_url: '/files/logo.png',
    });

    const removed = await t.call(oemsApi.remove, { params: { id: oem.id } }, t.admin);
    expect(removed.status).toBe(200);
    expect((await t.call(oemsApi.get, { params: { id: oem.id } }, t.admin)).status).toBe(404);
  });

  it('refuses invalid input with field messages', async () => {
    const cases: [Partial<OemInput>, string, string][] = [
      [{ domains: [] }, 'domains', DOMAINS_REQUIRED],
      [{ domains: ['bad domain!'] }, 'domains', 'ドメインは半角英数字'],
      [{ domains: ['-bad.example'] }, 'domains', 'ドメインは半角英数字'],
      [{ domains: ['a.example', 'A.example'] }, 'domains', DOMAIN_REPEATED],
      [{ primary_color: 'red' }, 'primary_color', COLOUR_MESSAGE],
      [{ favicon_url: 'https://evil.example/x.png' }, 'favicon_url', IMAGE_PATH_MESSAGE],
      [{ logo_url: '//evil.example/x.png' }, 'logo_url', IMAGE_PATH_MESSAGE],
      [{ service_name: ' ' }, 'service_name', '入力してください'],
      [{ support_email: 'nope' }, 'support_email', 'メールアドレスの形式'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await t.send(oemsApi.create, { body: input(overrides) }, t.admin);
      expect(response.status, field).toBe(422);
      expect(fieldErrors(response.json)[field]?.description, field).toContain(message);
    }
  });

  it('keeps every domain to one OEM, whether primary or not', async () => {
    const first = await t.call(
      oemsApi.create,
      { body: input({ domains: ['one.example', 'alias.one.example'] }) },
      t.admin,
    );
    const second = await t.call(oemsApi.create, { body: input({ domains: ['two.example'] }) }, t.admin);
    for (const domain of ['one.example', 'alias.one.example']) {
      const taken = await t.send(oemsApi.create, { body: input({ domains: ['new.example', domain] }) }, t.admin);
      expect(taken.status).toBe(422);
      expect(fieldErrors(taken.json).domains?.description).toBe(DOMAIN_TAKEN_MESSAGE(domain));
      const moved = await t.send(
        oemsApi.update,
        { params: { id: second.output.data.id }, body: input({ domains: [domain] }) },
        t.admin,
      );
      expect(moved.status).toBe(422);
    }
    // Its own domains are no conflict on save.
    const kept = await t.call(
      oemsApi.update,
      { params: { id: first.output.data.id }, body: input({ domains: ['alias.one.example', 'one.example'] }) },
      t.admin,
    );
    expect(kept.output.data.domains).toEqual(['alias.one.example', 'one.example']);
  });

  it('branding follows edits at once, for every domain of the OEM', async () => {
    const created = await t.call(
      oemsApi.create,
      { body: input({ domains: ['live.example', 'www.live.example'] }) },
      t.admin,
    );
    const branding = async (domain: string) => (await t.call(brandingApi.byDomain, { query: { domain } })).output.data;
    expect((await branding('www.live.example')).service_name).toBe('Brand Marketing');
    await t.call(
      oemsApi.update,
      {
        params: { id: created.output.data.id },
        body: input({
          service_name: 'Live Now',
          primary_color: '#123456',
          domains: ['live.example', 'www.live.example'],
        }),
      },
      t.admin,
    );
    expect(await branding('live.example')).toMatchObject({
      service_name: 'Live Now',
      theme: { primary_color: '#123456' },
    });
    expect((await branding('www.live.example')).service_name).toBe('Live Now');
    // Unknown hosts still get the default OEM.
    expect((await branding('nowhere.example')).is_default).toBe(true);
  });

  it('keeps exactly one default OEM', async () => {
    const stored = (await t.call(oemsApi.get, { params: { id: defaultOemId } }, t.admin)).output.data;
    const dropped = await t.send(
      oemsApi.update,
      {
        params: { id: defaultOemId },
        body: input({
          name: stored.name,
          service_name: stored.service_name,
          domains: stored.domains,
          is_default: false,
        }),
      },
      t.admin,
    );
    expect(dropped.status).toBe(422);
    expect(fieldErrors(dropped.json).is_default?.description).toBe(DEFAULT_REQUIRED_MESSAGE);

    const removed = await t.send(oemsApi.remove, { params: { id: defaultOemId } }, t.admin);
    expect(removed.status).toBe(409);
    expect(removed.json.errors).toBe(DEFAULT_OEM_DELETE_MESSAGE);

    // Another OEM made the default takes the flag; the default then moves back.
    const other = await t.call(
      oemsApi.create,
      { body: input({ domains: ['next-default.example'], is_default: true }) },
      t.admin,
    );
    const defaults = async () =>
      (await t.db.select({ id: oems.id }).from(oems).where(eq(oems.isDefault, true))).map((row) => row.id);
    expect(await defaults()).toEqual([other.output.data.id]);
    await t.db.update(oems).set({ isDefault: false }).where(eq(oems.id, other.output.data.id));
    await t.db.update(oems).set({ isDefault: true }).where(eq(oems.id, defaultOemId));
    expect(await defaults()).toEqual([defaultOemId]);
  });

  it('refuses to delete an OEM that has agencies or accounts, saying why', async () => {
    const oemId = t.tenant.account.oemId;
    const response = await t.send(oemsApi.remove, { params: { id: oemId } }, t.admin);
    expect(response.status).toBe(409);
    expect(response.json.errors).toBe(oemInUseMessage(1, 1));
    expect((await t.call(oemsApi.get, { params: { id: oemId } }, t.admin)).status).toBe(200);
  });

  it('stores an uploaded favicon or logo as checked images are, and refuses other files', async () => {
    const token = t.admin.token!;
    const stored = await uploadImage(makePng(32, 32), token);
    expect(stored.status).toBe(201);
    expect(stored.json.data?.url).toMatch(/^\/files\/[0-9a-f]{48}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: stored.json.data!.url });
    expect(served.headers['content-type']).toBe('image/png');

    const refused = await uploadImage(Buffer.from('<svg onload="alert(1)"/>'), token);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.json.errors)).toContain(IMAGE_TYPE_MESSAGE);
  });

  it('is refused to an OEM’s own admin, who changes nothing', async () => {
    const token = t.tenant.tokens.oemAdmin;
    const oemId = t.tenant.account.oemId;
    expect((await t.send(oemsApi.list, {}, { token })).status).toBe(403);
    expect((await t.send(oemsApi.get, { params: { id: oemId } }, { token })).status).toBe(403);
    expect((await t.send(oemsApi.create, { body: input({ domains: ['mine.example'] }) }, { token })).status).toBe(403);
    const renamed = await t.send(
      oemsApi.update,
      { params: { id: oemId }, body: input({ domains: ['mine.example'] }) },
      { token },
    );
    expect(renamed.status).toBe(403);
    expect((await t.send(oemsApi.remove, { params: { id: oemId } }, { token })).status).toBe(403);
    expect((await uploadImage(makePng(8, 8), token)).status).toBe(403);
    const [row] = await t.db.select().from(oems).where(eq(oems.id, oemId));
    expect(row!.domain).not.toBe('mine.example');
  });
});

describe('OEM account', () => {
  it('an OEM admin reads and edits their own OEM’s details and sees its admins', async () => {
    const token = t.tenant.tokens.oemAdmin;
    const read = await t.call(oemsApi.account, {}, { token });
    expect(read.output.data.oem.id).toBe(t.tenant.account.oemId);
    expect(read.output.data.admins.map((admin) => admin.email)).toContain(t.tenant.oemAdmin.email);

    const saved = await t.call(
      oemsApi.updateAccount,
      {
        body: {
          company_name: '株式会社ブランド',
          company_phone: '03-1234-5678',
          contact_email: 'Contact@Brand.example',
          billing_name: '経理部',
          landing_text: 'ブランドのトップ',
        },
      },
      { token },
    );
    expect(saved.output.data).toMatchObject({
      company_name: '株式会社ブランド',
      company_phone: '03-1234-5678',
      contact_email: 'contact@brand.example',
      billing_name: '経理部',
      billing_email: null,
      landing_text: 'ブランドのトップ',
    });

    const landing = await t.call(oemsApi.landing, { query: { domain: read.output.data.oem.domain } });
    expect(landing.output.data.landing_text).toBe('ブランドのトップ');

    const invalid = await t.send(
      oemsApi.updateAccount,
      { body: { billing_email: 'x', company_phone: 'abc' } },
      { token },
    );
    expect(invalid.status).toBe(422);
    expect(Object.keys(fieldErrors(invalid.json)).sort()).toEqual(['billing_email', 'company_phone']);
  });

  it('another OEM’s admin can neither read nor change it (404), while a platform admin chooses it', async () => {
    const oemId = t.tenant.account.oemId;
    const token = t.other.tokens.oemAdmin;
    expect((await t.send(oemsApi.account, { query: { oem_id: oemId } }, { token })).status).toBe(404);
    const changed = await t.send(
      oemsApi.updateAccount,
      { query: { oem_id: oemId }, body: { company_name: 'hijack' } },
      { token },
    );
    expect(changed.status).toBe(404);
    const [row] = await t.db.select({ companyName: oems.companyName }).from(oems).where(eq(oems.id, oemId));
    expect(row!.companyName).not.toBe('hijack');

    const chosen = await t.call(oemsApi.account, { query: { oem_id: oemId } }, t.admin);
    expect(chosen.output.data.oem.id).toBe(oemId);
  });
});
