/**
 * The account of a channel request is the one the channel's row names, not the user's (issue 22
 * §4): a channel whose row belongs to another account is not the staff's, whatever their
 * assignments say, and the handler acts in the channel's own account.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/kit.ts';

const t = useTestApp({ tenants: 2 });
const sql = (text: string, values: unknown[] = []) => t.ctx.database.sql.executeSql(text, values);

describe('the account of a channel request', () => {
  it('refuses a channel whose row moved to another account, and takes it back when it returns', async () => {
    const channel = t.tenant.channels[1]!;
    const listTags = () =>
      t.request({ method: 'GET', path: '/service/tags', token: t.tenant.tokens.staff, lineAccountId: channel.id });
    expect((await listTags()).status).toBe(200);

    await sql('update line_accounts set account_id = $2 where id = $1', [channel.id, t.other.account.id]);
    try {
      expect((await listTags()).status).toBe(403);
    } finally {
      await sql('update line_accounts set account_id = $2 where id = $1', [channel.id, t.tenant.account.id]);
    }
    expect((await listTags()).status).toBe(200);
  });

  it('refuses a channel of another account assigned to the staff by a stray row, and writes nothing in it', async () => {
    const foreign = t.other.channels[0]!;
    await sql('insert into user_line_accounts (user_id, line_account_id) values ($1, $2)', [
      t.tenant.staff.id,
      foreign.id,
    ]);
    const response = await t.request({
      method: 'POST',
      path: '/service/tags',
      token: t.tenant.tokens.staff,
      lineAccountId: foreign.id,
      body: { name: 'stray' },
    });
    expect(response.status).toBe(403);
    expect((await sql("select 1 from tags where line_account_id = $1 and name = 'stray'", [foreign.id])).rows).toEqual(
      [],
    );
  });

  it("refuses a suspended channel, and a staff user whose authority is another account's", async () => {
    const channel = t.tenant.channels[1]!;
    const listTags = () =>
      t.request({ method: 'GET', path: '/service/tags', token: t.tenant.tokens.staff, lineAccountId: channel.id });
    await sql("update line_accounts set status = 'suspended' where id = $1", [channel.id]);
    try {
      expect((await listTags()).status).toBe(403);
    } finally {
      await sql("update line_accounts set status = 'active' where id = $1", [channel.id]);
    }

    await sql('update users set staff_authority_id = $2 where id = $1', [t.tenant.staff.id, t.other.fullAuthority.id]);
    try {
      expect((await listTags()).status).toBe(401);
    } finally {
      await sql('update users set staff_authority_id = $2 where id = $1', [
        t.tenant.staff.id,
        t.tenant.fullAuthority.id,
      ]);
    }
    expect((await listTags()).status).toBe(200);
  });
});
