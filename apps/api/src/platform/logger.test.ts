import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createLogger, redactUrl } from './logger.ts';

/** A JSON logger whose lines are kept for the test. */
function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const log = createLogger({ LOG_LEVEL: 'info', logFormat: 'json' }, destination);
  return { log, text: () => lines.join('') };
}

/** What node-postgres and PGlite throw: a SQLSTATE code and a message quoting the value. */
function databaseError() {
  return Object.assign(new Error('value "2147483648" is out of range for type integer'), {
    code: '22003',
    severity: 'ERROR',
    detail: 'Key (email)=(hanako@example.jp) already exists.',
    where: "unnamed portal parameter $2 = '2147483648'",
  });
}

describe('log redaction', () => {
  it('logs a failed query with its statement and error code, never its parameter values', () => {
    const { log, text } = capture();
    const error = new DrizzleQueryError(
      'select "id" from "friends" where "display_name" ilike $1 and "id" = $2',
      ['%山田 花子%', 2_147_483_648],
      databaseError(),
    );
    log.error({ err: error }, 'request failed');
    const out = text();
    expect(out).toContain('select \\"id\\" from \\"friends\\"');
    expect(out).toContain('22003');
    for (const secret of ['山田 花子', '2147483648', 'hanako@example.jp']) expect(out).not.toContain(secret);
  });

  it('redacts tokens, passwords and message texts wherever an entry carries them', () => {
    const { log, text } = capture();
    log.info(
      {
        password: 'pw-top-secret',
        body: { email: 'a@example.jp', password: 'pw-in-body' },
        session: { access_token: 'tok-secret', token: 'reset-secret' },
        message: { text: '住所は東京都…', content: { text: 'こんにちは' } },
        req: { method: 'GET', url: '/service/password/reset?token=reset-in-url', ip: '192.0.2.1' },
      },
      'entry',
    );
    const out = text();
    for (const secret of [
      'pw-top-secret',
      'pw-in-body',
      'tok-secret',
      'reset-secret',
      '東京都',
      'こんにちは',
      'reset-in-url',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
  });

  it('keeps the demo outbox line (SMTP_URL unset), whose text is the documented delivery of the reset link', () => {
    const { log, text } = capture();
    log.info(
      {
        to: 'a@example.jp',
        subject: 'パスワード再設定',
        text: 'http://localhost:3000/service/password/reset?token=abc',
      },
      'mail kept in the outbox (SMTP_URL not set)',
    );
    expect(text()).toContain('password/reset?token=abc');
  });

  it('redacts tokens in URLs', () => {
    expect(redactUrl('/service/password/reset?token=abc&x=1')).toBe('/service/password/reset?token=[redacted]&x=1');
    expect(redactUrl('/api/public/redirects/AbC123?utm=1')).toBe('/api/public/redirects/[redacted]?utm=1');
    expect(redactUrl('/api/public/inflow_login/callback?code=c0de&state=st4te&friendship_status_changed=true')).toBe(
      '/api/public/inflow_login/callback?code=[redacted]&state=[redacted]&friendship_status_changed=true',
    );
    expect(redactUrl('/api/service/tags?q=a')).toBe('/api/service/tags?q=a');
  });
});
