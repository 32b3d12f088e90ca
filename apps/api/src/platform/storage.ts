import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Stored files (images friends sent, uploads): a local directory; object storage can implement the same. */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Writes a stream (a large upload) without holding it in memory; answers its size in bytes. */
  putStream(key: string, source: Readable): Promise<number>;
  /** The stored file as a stream; null when there is none. */
  getStream(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

export function localFileStorage(root: string): FileStorage {
  const locate = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = locate(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
    },
    async get(key) {
      try {
        return await fs.readFile(locate(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async putStream(key, source) {
      const file = locate(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      let bytes = 0;
      source.on('data', (chunk: Buffer) => (bytes += chunk.length));
      await pipeline(source, createWriteStream(file));
      return bytes;
    },
    async getStream(key) {
      const file = locate(key);
      try {
        await fs.access(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async remove(key) {
      await fs.rm(locate(key), { force: true });
    },
  };
}
