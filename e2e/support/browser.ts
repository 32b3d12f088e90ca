import { chromium, type BrowserServer } from 'playwright-core';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'Demo#2026';
export type Area = 'admin' | 'agency' | 'account' | 'service';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // The white-label OEM host, answered by the same loopback server.
  '--host-resolver-rules=MAP partner.localhost 127.0.0.1',
];

/** The run's one Chromium (Debian's, through playwright-core), which every test file connects to. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export const baseUrl = () => inject('baseUrl');
export const partnerUrl = () => `http://partner.localhost:${inject('port')}`;

/** The smallest screen the console supports: a 375 px wide phone. */
export const PHONE_VIEWPORT = { width: 375, height: 740 };
