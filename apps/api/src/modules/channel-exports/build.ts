import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { CHANNEL_EXPORT_RETENTION_DAYS } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { accountScope, channelScope, type AccountScope } from '../../platform/principal.ts';
import { findLineAccount } from '../line-accounts/repository.ts';
import { channelParts, menuImages } from './datasets.ts';
import { readme } from './formats.ts';
import * as repo from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const EXPORT_FAILED_MESSAGE = 'エクスポートを作成できませんでした。もう一度お試しください。';

/** One entry of the ZIP, its bytes made only when the writer reaches it. */
interface Entry {
  path: string;
  open(): Readable;
}

/**
 * Builds one export: every dataset as CSV and JSON, the rich-menu images and a README, streamed
 * through the zip writer into file storage; the row's progress follows the entries written. Run
 * again (a worker died), it starts over and overwrites its own file.
 */
export async function buildExport(ctx: AppContext, payload: { accountId: number; exportId: number }): Promise<void> {
  const scope = accountScope(payload.accountId);
  const db = ctx.database.db;
  const row = await repo.find(db, scope, payload.exportId);
  if (!row || (row.status !== 'queued' && row.status !== 'running')) return;
  const channel = await findLineAccount(db, scope, row.lineAccountId);
  if (!channel) return repo.update(db, scope, row.id, { status: 'failed', error: EXPORT_FAILED_MESSAGE });
  await repo.update(db, scope, row.id, { status: 'running', progress: 0 });
  const key = row.storageKey ?? `exports/${scope.accountId}/${row.id}-${randomBytes(12).toString('hex')}.zip`;
  try {
    const byteSize = await ctx.files.putStream(key, await zipOf(ctx, scope, row.id, channel));
    const now = ctx.clock.now();
    await repo.update(db, scope, row.id, {
      status: 'done',
      progress: 100,
      storageKey: key,
      byteSize,
      finishedAt: now,
      expiresAt: new Date(now.getTime() + CHANNEL_EXPORT_RETENTION_DAYS * DAY_MS),
    });
  } catch (error) {
    ctx.log.error({ err: error, exportId: row.id }, 'channel export failed');
    await ctx.files.remove(key);
    await repo.update(db, scope, row.id, {
      status: 'failed',
      error: EXPORT_FAILED_MESSAGE,
      finishedAt: ctx.clock.now(),
    });
  }
}

async function zipOf(
  ctx: AppContext,
  scope: AccountScope,
  exportId: number,
  channel: { id: number; name: string },
): Promise<Readable> {
  const db = ctx.database.db;
  const inChannel = channelScope(channel.id);
  const parts = await channelParts(db, inChannel);
  const entries: Entry[] = [];
  for (const part of parts) {
    entries.push({ path: `${part.file}.csv`, open: () => Readable.from(part.csv()) });
    entries.push({ path: `${part.file}.json`, open: () => Readable.from(part.json()) });
  }
  for await (const image of menuImages(db, inChannel)) {
    entries.push({ path: image.path, open: () => Readable.from(storedFile(ctx, image.key)) });
  }
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  const fail = (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on('error', fail);
  zip.addBuffer(Buffer.from(readme(parts, channel.name, ctx.clock.now())), 'README.md');
  entries.forEach((entry, index) => {
    zip.addReadStreamLazy(entry.path, (callback) => {
      void repo.update(db, scope, exportId, { progress: Math.floor((index * 100) / entries.length) }).then(() => {
        const stream = entry.open();
        stream.on('error', fail);
        callback(null, stream);
      }, fail);
    });
  });
  zip.end();
  return output;
}

/** A stored file's bytes (a rich-menu image, at most 1 MB); none when it is gone. */
async function* storedFile(ctx: AppContext, key: string) {
  const bytes = await ctx.files.get(key);
  if (bytes) yield bytes;
}
