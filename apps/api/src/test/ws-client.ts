import { createRequire } from 'node:module';

/** The `ws` client (installed with @fastify/websocket; Node 20 has no global WebSocket), typed as the tests use it. */
export interface WsClient {
  readyState: number;
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}

export const { WebSocket } = createRequire(import.meta.url)('ws') as { WebSocket: new (url: string) => WsClient };
