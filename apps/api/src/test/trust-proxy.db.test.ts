/**
 * The per-IP login limit counts the client's real address: X-Forwarded-For is believed only from
 * the proxies TRUST_PROXY names (issue 12 §7). Both settings, as an attacker spraying passwords
 * from one address while naming a new one in the header each time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { THROTTLE } from '../modules/sessions/service.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

async function login(app: TestApp, forwardedFor: string, remoteAddress: string, n: number) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/service/sessions',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `nobody-${n}@test.example`, password: 'wrong-password-123' },
  });
  return response.statusCode;
}

/** Spends the per-IP budget from one forwarded address, then asks from another. */
async function sprayThenSwitch(app: TestApp, remoteAddress: string) {
  const statuses: number[] = [];
  for (let n = 0; n < THROTTLE.perIp + 1; n += 1) statuses.push(await login(app, '203.0.113.28', remoteAddress, n));
  expect(statuses.slice(0, THROTTLE.perIp).every((s) => s === 401)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
  return login(app, '198.51.100.29', remoteAddress, 999);
}

describe('X-Forwarded-For and the per-IP login limit', () => {
  it('ignores the header by default: the sprayer is limited by its own address', async () => {
    t = await startTestApp();
    expect(await sprayThenSwitch(t, '192.0.2.10')).toBe(429);
  });

  it('believes the header from a configured proxy: each client behind it has its own budget', async () => {
    t = await startTestApp({ trustProxy: ['10.0.0.0/8'] });
    expect(await sprayThenSwitch(t, '10.1.2.3')).toBe(401);
  });

  it('does not believe the header from a client that is not a configured proxy', async () => {
    t = await startTestApp({ trustProxy: ['10.0.0.0/8'] });
    expect(await sprayThenSwitch(t, '192.0.2.10')).toBe(429);
  });
});
