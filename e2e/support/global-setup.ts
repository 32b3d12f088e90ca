import type { TestProject } from 'vitest/node';
import { startConsole } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    /** The console's embedded LINE simulator (its /_sim control routes). */
    simulatorUrl: string;
    /** A second api-only process on the same database (PostgreSQL runs only); empty otherwise. */
    secondApiUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startConsole();
  project.provide('baseUrl', server.url);
  project.provide('port', server.port);
  project.provide('simulatorUrl', server.simulatorUrl);
  try {
    project.provide('secondApiUrl', process.env.E2E_DATABASE_URL ? (await server.startSecondApi()).url : '');
  } catch (error) {
    await server.stop();
    throw error;
  }
  return () => server.stop();
}
