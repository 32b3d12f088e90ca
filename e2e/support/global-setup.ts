import type { TestProject } from 'vitest/node';
import { startConsole } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
  }
}

export default async function setup(project: TestProject) {
  const server = await startConsole();
  project.provide('baseUrl', server.url);
  project.provide('port', server.port);
  return () => server.stop();
}
