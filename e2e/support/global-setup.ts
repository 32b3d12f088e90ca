import type { TestProject } from 'vitest/node';
import { startConsole } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    /** A second api-only process on the same database (PostgreSQL runs only); empty otherwise. */
    secondApiUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startConsole();
  project.provide('baseUrl', server.url);
  project.provide('port', server.port);
  try {
    project.provide('secondApiUrl', process.env.E2E_DATABASE_URL ? (await server.startSecondApi()).url : '');
  } catch (error) {
    await server.stop();
    throw error;
  }
  return () => server.stop();
}
