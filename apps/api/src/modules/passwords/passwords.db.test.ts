import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_MESSAGE, FORGOT_PASSWORD_MESSAGE, RESET_PASSWORD_MESSAGE } from '@linq/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_PASSWORD } from '../../test/factory.ts';
import {
  INVALID_RESET_TOKEN_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  type RecoveryRole,
} from './service.ts';

const NEW_PASSWORD = 'Brand-new-password-2026';

interface ReceivedMail {
  to: string[];
  raw: string;
}

let t: TestApp;
let smtp: SMTPServer;
const received: ReceivedMail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://console.test' });
});
afterAll(async () => {
  await t.stop();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/** Polls until the condition yields a value; the queue delivers mail asynchronously. */
async function waitFor<T>(condition: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The decoded text of a single-part message, whichever transfer encoding nodemailer chose. */
function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

const LINK = {
  service: /http:\/\/console\.test\/service\/reset-password\?token=([\w-]+)/,
  agency: /http:\/\/console\.test\/agency\/reset-password\/([\w-]+)/,
};

const forgot = (role: RecoveryRole, email: string) =>
  t.request({ method: 'POST', path: `/${role}/password/forgot`, body: { email } });
const reset = (role: RecoveryRole, token: string, password = NEW_PASSWORD) =>
  t.request({ method: 'POST', path: `/${role}/password/reset`, body: { token, password } });
const me = (role: RecoveryRole, token: string) => t.request({ method: 'GET', path: `/${role}/sessions/me`, token });
const login = (role: RecoveryRole, email: string, password: string) =>
  t.request({ method: 'POST', path: `/${role}/sessions`, body: { email, password } });

/** Asks for a reset link and returns the token from the mail the SMTP peer receives. */
async function tokenFromMail(role: RecoveryRole, email: string): Promise<string> {
  const before = received.length;
  expect((await forgot(role, email)).status).toBe(202);
  const mail = await waitFor(() => received.slice(before).find((m) => m.to.includes(email)));
  const token = LINK[role].exec(mailText(mail.raw))?.[1];
  if (!token) throw new Error(`no ${role} reset link in the mail`);
  return token;
}

async function serviceUser(values: { email?: string } = {}) {
  const account = await t.factory.account();
  const authority = await t.factory.staffAuthority(account.id);
  return t.factory.user('service', { ...values, accountId: account.id, staffAuthorityId: authority.id });
}
async function agencyUser(values: { email?: string } = {}) {
  const agency = await t.factory.agency();
  return t.factory.user('agency', { ...values, agencyId: agency.id });
}
const makeUser = (role: RecoveryRole) => (role === 'service' ? serviceUser() : agencyUser());

describe('password recovery', () => {
  for (const role of ['service', 'agency'] as const) {
    it(`${role}: forgot → mail with the link → reset → new password works, old one and old sessions do not`, async () => {
      const user = await makeUser(role);
      const session = await t.factory.login(role, user.email);
      const token = await tokenFromMail(role, user.email);

      const done = await reset(role, token);
      expect(done.status).toBe(200);
      expect(done.json).toEqual({ data: { message: RESET_PASSWORD_MESSAGE } });

      expect((await login(role, user.email, NEW_PASSWORD)).status).toBe(201);
      expect((await login(role, user.email, TEST_PASSWORD)).status).toBe(401);
      expect((await me(role, session)).status).toBe(401);
    });
  }

  it('answers a known and an unknown e-mail alike and mails only the known one', async () => {
    const user = await agencyUser();
    const unknownEmail = 'nobody-here@test.example';
    const unknown = await forgot('agency', unknownEmail);
    const known = await forgot('agency', user.email);
    expect(known.status).toBe(202);
    expect(known.json).toEqual({ data: { message: FORGOT_PASSWORD_MESSAGE } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);

    // The unknown address's job was queued first, so once the known mail is here it has run.
    await waitFor(() => received.find((m) => m.to.includes(user.email)));
    expect(received.some((m) => m.to.includes(unknownEmail))).toBe(false);
    const outbox = await t.runtime.ctx.database.sql.executeSql('select id from mail_outbox where "to" = $1', [
      unknownEmail,
    ]);
    expect(outbox.rows).toHaveLength(0);
  });

  it('accepts a token once only', async () => {
    const user = await serviceUser();
    const token = await tokenFromMail('service', user.email);
    expect((await reset('service', token)).status).toBe(200);
    const again = await reset('service', token, 'Another-password-2026');
    expect(again.status).toBe(422);
    expect(again.json).toEqual({ success: false, errors: { token: { description: INVALID_RESET_TOKEN_MESSAGE } } });
  });

  it('lets only one of two concurrent resets with the same token through', async () => {
    const user = await agencyUser();
    const token = await tokenFromMail('agency', user.email);
    const results = await Promise.all([
      reset('agency', token, 'First-password-2026'),
      reset('agency', token, 'Second-password-2026'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
  });

  it('refuses an expired token', async () => {
    const user = await serviceUser();
    const token = await tokenFromMail('service', user.email);
    await t.runtime.ctx.database.sql.executeSql(
      `update password_reset_tokens set expires_at = now() - interval '1 minute' where user_id = $1`,
      [user.id],
    );
    const expired = await reset('service', token);
    expect(expired.status).toBe(422);
    expect(expired.json.errors).toEqual({ token: { description: INVALID_RESET_TOKEN_MESSAGE } });
  });

  it('invalidates an earlier link when a new one is requested', async () => {
    const user = await agencyUser();
    const first = await tokenFromMail('agency', user.email);
    const second = await tokenFromMail('agency', user.email);
    expect((await reset('agency', first)).status).toBe(422);
    expect((await reset('agency', second)).status).toBe(200);
  });

  it('does not reset an agency user with a service token, and does not burn it', async () => {
    // The same address in both areas, so only the role can tell the token apart.
    const email = 'both-areas@test.example';
    await serviceUser({ email });
    await agencyUser({ email });
    const token = await tokenFromMail('service', email);

    expect((await reset('agency', token)).status).toBe(422);
    expect((await login('agency', email, TEST_PASSWORD)).status).toBe(201);
    expect((await reset('service', token)).status).toBe(200);
  });

  it('rejects a malformed token and a short password with field errors', async () => {
    const r = await t.request({
      method: 'POST',
      path: '/service/password/reset',
      body: { token: '', password: 'short' },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json.errors as object).sort()).toEqual(['password', 'token']);
  });
});

describe('agency password change', () => {
  const change = (token: string, current_password: string, new_password: string) =>
    t.request({ method: 'PUT', path: '/agency/password', token, body: { current_password, new_password } });

  it('changes the password and ends every session, the current one too', async () => {
    const user = await agencyUser();
    const other = await t.factory.login('agency', user.email);
    const current = await t.factory.login('agency', user.email);

    const done = await change(current, TEST_PASSWORD, NEW_PASSWORD);
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ data: { message: CHANGE_PASSWORD_MESSAGE } });

    expect((await me('agency', current)).status).toBe(401);
    expect((await me('agency', other)).status).toBe(401);
    expect((await login('agency', user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login('agency', user.email, NEW_PASSWORD)).status).toBe(201);
  });

  it('refuses a wrong current password on its field and keeps the session', async () => {
    const user = await agencyUser();
    const session = await t.factory.login('agency', user.email);
    const wrong = await change(session, 'not-my-password', NEW_PASSWORD);
    expect(wrong.status).toBe(422);
    expect(wrong.json).toEqual({
      success: false,
      errors: { current_password: { description: WRONG_CURRENT_PASSWORD_MESSAGE } },
    });
    expect((await me('agency', session)).status).toBe(200);
  });

  it('refuses a new password equal to the current one', async () => {
    const user = await agencyUser();
    const session = await t.factory.login('agency', user.email);
    const same = await change(session, TEST_PASSWORD, TEST_PASSWORD);
    expect(same.status).toBe(422);
    expect(same.json.errors).toEqual({ new_password: { description: SAME_PASSWORD_MESSAGE } });
  });

  it('needs an agency session', async () => {
    expect((await change('not-a-token', TEST_PASSWORD, NEW_PASSWORD)).status).toBe(401);
    const staff = await serviceUser();
    const serviceToken = await t.factory.login('service', staff.email);
    expect((await change(serviceToken, TEST_PASSWORD, NEW_PASSWORD)).status).toBe(401);
  });
});

describe('the sender of an OEM user’s mail', () => {
  const fromHeader = (raw: string) => /^from:\s*(.+)$/im.exec(raw.slice(0, raw.indexOf('\r\n\r\n')))?.[1]?.trim();
  async function resetMailFrom(oemId: number): Promise<string | undefined> {
    const agency = await t.factory.agency({ oemId });
    const user = await t.factory.user('agency', { agencyId: agency.id });
    const before = received.length;
    expect((await forgot('agency', user.email)).status).toBe(202);
    const mail = await waitFor(() => received.slice(before).find((m) => m.to.includes(user.email)));
    return fromHeader(mail.raw);
  }

  it('a partner OEM’s user’s reset mail comes from the partner’s sender', async () => {
    const partner = await t.factory.oem({ mailFromName: 'Partner Mail', mailFromAddress: 'hello@partner.example' });
    expect(await resetMailFrom(partner.id)).toBe('Partner Mail <hello@partner.example>');
  });

  it('the default OEM’s user’s reset mail comes from the configured sender', async () => {
    const defaultOem = await t.factory.defaultOem();
    expect(await resetMailFrom(defaultOem.id)).toBe(t.runtime.ctx.config.MAIL_FROM);
  });
});

describe('without SMTP_URL', () => {
  it('keeps the reset mail in the outbox, marked sent, with the link on localhost', async () => {
    const local = await startTestApp();
    try {
      const agency = await local.factory.agency();
      const user = await local.factory.user('agency', { agencyId: agency.id });
      const r = await local.request({ method: 'POST', path: '/agency/password/forgot', body: { email: user.email } });
      expect(r.status).toBe(202);
      const row = await waitFor(async () => {
        const { rows } = await local.runtime.ctx.database.sql.executeSql(
          'select text from mail_outbox where "to" = $1 and sent_at is not null',
          [user.email],
        );
        return rows[0] as { text: string } | undefined;
      });
      expect(row.text).toMatch(/http:\/\/localhost:3000\/agency\/reset-password\/[\w-]{43}/);
    } finally {
      await local.stop();
    }
  });
});
