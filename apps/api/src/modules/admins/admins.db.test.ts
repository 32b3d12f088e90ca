import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL_TAKEN_MESSAGE, adminsApi, LAST_ADMIN_MESSAGE } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { acceptInvitation, lastMailTo, oemAdmin } from '../accounts/test-support.ts';
import { users } from '../sessions/schema.ts';

const t = useTestApp({ tenants: 0, role: 'api' });

let oemId: number;
let otherOemId: number;
let first: Awaited<ReturnType<typeof oemAdmin>>;
let otherAdmin: Awaited<ReturnType<typeof oemAdmin>>;

beforeAll(async () => {
  oemId = (await t.factory.oem()).id;
  otherOemId = (await t.factory.oem()).id;
  first = await oemAdmin(t, oemId);
  otherAdmin = await oemAdmin(t, otherOemId);
});

describe('admins (admin area)', () => {
  it('invites an admin of the acting OEM, who sets a password from the mailed link and logs in', async () => {
    const invited = await t.call(
      adminsApi.create,
      { body: { name: '新任 管理者', email: 'New-Admin@Oem.example' } },
      first,
    );
    expect(invited.status).toBe(201);
    expect(invited.output.data).toMatchObject({ email: 'new-admin@oem.example', invited: true, is_self: false });
    expect((await lastMailTo(t, 'new-admin@oem.example'))?.text).toMatch(/\/admin\/login\?invitation=[A-Za-z0-9_-]+/);
    const token = await acceptInvitation(t, 'admin', 'new-admin@oem.example');
    const list = await t.call(adminsApi.list, { query: {} }, { token });
    expect(list.output.data.map((a) => a.email).sort()).toEqual(['new-admin@oem.example', first.user.email].sort());
    expect(list.output.data.find((a) => a.email === 'new-admin@oem.example')?.is_self).toBe(true);

    const taken = await t.send(adminsApi.create, { body: { name: 'x', email: first.user.email } }, first);
    expect(taken.json.errors).toEqual({ email: { description: ADMIN_EMAIL_TAKEN_MESSAGE } });
    const invalid = await t.send(adminsApi.create, { body: { name: '', email: 'nope' } }, first);
    expect(Object.keys(invalid.json.errors as object).sort()).toEqual(['email', 'name']);
  });

  it('edits and disables an admin, ending their sessions, but never the last active admin of the OEM', async () => {
    const second = await oemAdmin(t, oemId);
    const edited = await t.call(
      adminsApi.update,
      { params: { id: second.user.id }, body: { name: '改名', email: second.user.email, status: 'disabled' } },
      first,
    );
    expect(edited.output.data).toMatchObject({ name: '改名', status: 'disabled' });
    expect((await t.call(adminsApi.list, { query: {} }, second)).status).toBe(401);

    // The invited admin of the first test is active: disable them too, then the caller is the last.
    const invited = (await t.call(adminsApi.list, { query: { q: 'new-admin' } }, first)).output.data[0]!;
    await t.call(
      adminsApi.update,
      { params: { id: invited.id }, body: { name: invited.name, email: invited.email, status: 'disabled' } },
      first,
    );
    const last = await t.call(
      adminsApi.update,
      { params: { id: first.user.id }, body: { name: first.user.name, email: first.user.email, status: 'disabled' } },
      first,
    );
    expect(last.status).toBe(422);
    expect(last.json.errors).toEqual({ status: { description: LAST_ADMIN_MESSAGE } });
    const [row] = await t.db.select().from(users).where(eq(users.id, first.user.id));
    expect(row?.status).toBe('active');
  });

  it("gives another OEM's admin 404 and changes nothing", async () => {
    const [before] = await t.db.select().from(users).where(eq(users.id, first.user.id));
    expect((await t.call(adminsApi.get, { params: { id: first.user.id } }, otherAdmin)).status).toBe(404);
    const update = await t.call(
      adminsApi.update,
      { params: { id: first.user.id }, body: { name: '乗っ取り', email: 'x@example.jp', status: 'disabled' } },
      otherAdmin,
    );
    expect(update.status).toBe(404);
    expect((await t.call(adminsApi.list, { query: { oem_id: oemId } }, otherAdmin)).status).toBe(404);
    const [after] = await t.db.select().from(users).where(eq(users.id, first.user.id));
    expect(after).toEqual(before);
  });
});
