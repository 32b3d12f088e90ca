import { chromium, type BrowserServer } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

export const DEMO_PASSWORD = 'Demo#2026';
export type Area = 'admin' | 'agency' | 'account' | 'service';

const E2E_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  // The white-label OEM host, answered by the same loopback server.
  '--host-resolver-rules=MAP partner.localhost 127.0.0.1',
];

/** The run's one Chromium (Debian's, through playwright-core), which every test file connects to. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: E2E_CHROMIUM_ARGS,
  });
}

export const baseUrl = () => inject('baseUrl');
export const partnerUrl = () => `http://partner.localhost:${inject('port')}`;

/** The smallest screen the console supports: a 375 px wide phone. */
export const PHONE_VIEWPORT = { width: 375, height: 740 };
