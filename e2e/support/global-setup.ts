import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser.ts';
import { startConsole } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    /** The console's embedded LINE simulator (its /_sim control routes). */
    simulatorUrl: string;
    /** A second api-only process on the same database (PostgreSQL runs only); empty otherwise. */
    secondApiUrl: string;
    /** Where the run's one Chromium listens for the test files to connect. */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startConsole();
  let browser: BrowserServer | undefined;
  try {
    browser = await launchBrowserServer();
    project.provide('baseUrl', server.url);
    project.provide('port', server.port);
    project.provide('simulatorUrl', server.simulatorUrl);
    project.provide('browserEndpoint', browser.wsEndpoint());
    project.provide('secondApiUrl', process.env.E2E_DATABASE_URL ? (await server.startSecondApi()).url : '');
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
  const launched = browser;
  return async () => {
    await launched.close();
    await server.stop();
  };
}
