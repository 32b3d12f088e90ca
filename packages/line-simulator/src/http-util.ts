import type http from 'node:http';
import type { SimError } from './model.ts';

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

export function writeJson(res: http.ServerResponse, status: number, json: unknown, headers?: Record<string, string>) {
  const text = JSON.stringify(json);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

export function writeError(res: http.ServerResponse, e: SimError): void {
  const { details, headers, ...rest } = e.extra;
  writeJson(res, e.status, { message: e.message, ...(details?.length ? { details } : {}), ...rest }, headers);
}
