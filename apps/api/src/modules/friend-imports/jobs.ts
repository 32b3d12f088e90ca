import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { accountScope, channelScope, type ChannelScope } from '../../platform/principal.ts';
import { accountTimeZone } from '../friends/repository.ts';
import * as infoFieldRepo from '../friends/info-field-repository.ts';
import * as labels from '../labels/repository.ts';
import { accountOfChannel } from '../plan-limits/repository.ts';
import { readRecords } from './csv-source.ts';
import { planBatch, readBatches, type NameBook, type RowBatch } from './engine.ts';
import * as repo from './repository.ts';
import type { ImportBefore } from './repository.ts';
import { enqueueRun, RUN_JOB } from './service.ts';

declare module '../../platform/queue.ts' {
  interface JobPayloads {
    'friend-imports.run': { importId: number };
  }
}

export const FRIEND_IMPORT_QUEUES = [{ name: RUN_JOB, policy: 'short' }] as const;
/** Runs cut off by a stop or a crash are sent again this often (the checkpoint keeps their work). */
const SWEEP_MS = 60_000;
/** Marks the run creates get this colour (grey); staff recolour them on the marks page. */
const IMPORTED_MARK_COLOR = '#8C8C8C';

export async function registerFriendImportJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.work(RUN_JOB, ({ importId }) => runImport(ctx, importId));
  ctx.queue.every(SWEEP_MS, async () => {
    for (const id of await repo.unfinishedIds(ctx.database.db)) await enqueueRun(ctx, id);
  });
}

/**
 * Runs an import from its checkpoint to the end, a batch per transaction: the batch's writes, its
 * row log and the moved checkpoint commit together, so a run stopped anywhere (a deploy, a crash)
 * goes on where it stopped and writes no row twice. `stopAfterBatches` cuts it short (tests of that).
 */
export async function runImport(ctx: AppContext, importId: number, options: { stopAfterBatches?: number } = {}) {
  const db = ctx.database.db;
  const found = await repo.findUnscoped(db, importId);
  if (!found || !found.mapping || (found.status !== 'queued' && found.status !== 'running')) return;
  const channel = channelScope(found.lineAccountId);
  const mapping = found.mapping;
  const accountId = await accountOfChannel(db, channel);
  if (accountId === undefined) return;
  const timeZone = await accountTimeZone(db, accountScope(accountId));
  await repo.update(db, channel, importId, { status: 'running', startedAt: found.startedAt ?? ctx.clock.now() });
  let batches = 0;
  let known: Books = { tags: new Map(), marks: new Map(), fields: new Map() };
  try {
    if (found.totalRows === null) await repo.update(db, channel, importId, { totalRows: await countRows(ctx, found) });
    const fields = await ensureFields(
      db,
      channel,
      mapping.info_fields.map((field) => field.name),
    );
    for await (const batch of readBatches(ctx, found, mapping, timeZone, found.processedRows)) {
      // A fresh book per batch's transaction: labels created by a rolled-back batch are not kept.
      const books: Books = { tags: new Map(known.tags), marks: new Map(known.marks), fields };
      const applied = await db.transaction(async (tx) => applyBatch(tx, channel, importId, batch, books));
      if (!applied) return;
      known = books;
      batches += 1;
      if (ctx.queue.stopping() || batches === options.stopAfterBatches) return;
    }
    const done = await repo.find(db, channel, importId);
    await repo.update(db, channel, importId, {
      status: 'completed',
      totalRows: done?.processedRows ?? 0,
      finishedAt: ctx.clock.now(),
    });
  } catch (error) {
    ctx.log.error({ err: error, importId }, 'friend import failed');
    await repo.update(db, channel, importId, {
      status: 'failed',
      failure: error instanceof Error ? error.message : String(error),
      finishedAt: ctx.clock.now(),
    });
  }
}

/** The file's data rows (the progress bar's whole), counted by a first streaming pass. */
async function countRows(ctx: AppContext, source: repo.ImportRow): Promise<number> {
  const stream = await ctx.files.getStream(source.fileKey);
  if (!stream) return 0;
  let records = 0;
  try {
    for await (const record of readRecords(stream, source.encoding)) if (record) records += 1;
  } finally {
    stream.destroy();
  }
  return Math.max(0, records - 1);
}

interface Books {
  tags: NameBook;
  marks: NameBook;
  fields: NameBook;
}

/** The mapped info fields by name, a text field created for each the channel lacks. */
async function ensureFields(db: Db, channel: ChannelScope, names: string[]): Promise<NameBook> {
  const fields: NameBook = await repo.infoFieldIds(db, channel);
  for (const name of new Set(names)) {
    if (fields.has(name)) continue;
    const row = await infoFieldRepo.insert(db, channel, {
      name,
      fieldType: 'text',
      options: [],
      sortIndex: fields.size,
    });
    fields.set(name, row.id);
  }
  return fields;
}

/**
 * Adds the named labels' ids to the book, creating those the channel lacks (at the end of its list,
 * in no folder). The book lives for the run: a label is looked up once, not once per batch.
 */
async function ensureLabels(db: Db, channel: ChannelScope, kind: 'tags' | 'marks', book: NameBook, names: Set<string>) {
  const tables = kind === 'tags' ? labels.TAG_TABLES : labels.MARK_TABLES;
  const missing = [...names].filter((name) => !book.has(name));
  if (missing.length === 0) return book;
  for (const [name, id] of await repo.labelIdsByName(db, channel, kind, missing)) book.set(name, id);
  for (const name of missing) {
    if (book.has(name)) continue;
    const id = await labels.insert(db, tables, channel, {
      name,
      folderId: null,
      sortIndex: book.size,
      ...(kind === 'marks' ? { color: IMPORTED_MARK_COLOR } : {}),
    });
    book.set(name, id);
  }
  return book;
}

/** Writes one batch and moves the checkpoint past it; false when the run is no longer this one's to go on with. */
async function applyBatch(tx: Db, channel: ChannelScope, importId: number, batch: RowBatch, books: Books) {
  const locked = await repo.lockForBatch(tx, channel, importId);
  // Another worker moved on, or the run was stopped: this one leaves it.
  if (!locked || locked.status !== 'running' || locked.processedRows >= batch.through) return false;
  const records = batch.rows.flatMap((row) => ('record' in row.reading ? [row.reading.record] : []));
  await ensureLabels(tx, channel, 'tags', books.tags, new Set(records.flatMap((record) => record.tags)));
  await ensureLabels(tx, channel, 'marks', books.marks, new Set(records.flatMap((record) => record.marks)));
  const { fields } = books;
  const planned = await planBatch(tx, channel, batch.rows, books);
  const creates = planned.filter((row) => row.outcome === 'create');
  const createdIds = await repo.insertFriends(
    tx,
    channel,
    creates.map((row) => ({
      lineUserId: row.record!.lineUserId,
      displayName: row.record!.displayName ?? '',
      followedAt: row.record!.followedAt,
      blocked: row.record!.blocked ?? false,
      score: row.record!.score ?? 0,
    })),
  );
  const tags: repo.LabelLink[] = [];
  const marks: repo.LabelLink[] = [];
  const info: repo.InfoWrite[] = [];
  const logs: repo.ImportRowLog[] = [];
  const counts: repo.Counts = { created: 0, updated: 0, unchanged: 0, errors: 0 };
  const idOf = (book: NameBook, name: string) => book.get(name)!;
  for (const row of planned) {
    const friendId = row.friend?.id ?? (row.record ? createdIds.get(row.record.lineUserId) : undefined);
    const log: repo.ImportRowLog = {
      importId,
      line: row.line,
      lineAccountId: channel.lineAccountId,
      outcome: row.outcome,
      friendId: friendId ?? null,
      lineUserId: row.ids.lineUserId,
      toolId: row.ids.toolId,
      message: row.message,
    };
    if (row.outcome === 'create' && friendId === undefined) {
      // LINE's side created the friend between the plan and the insert (a webhook): left for the next run.
      logs.push({
        ...log,
        outcome: 'error',
        message: '同時に友だち追加があったため取り込めませんでした。もう一度実行してください',
      });
      counts.errors += 1;
      continue;
    }
    if (friendId !== undefined && row.outcome !== 'unchanged') {
      const addedTags = row.addTags.map((name) => idOf(books.tags, name));
      const addedMarks = row.addMarks.map((name) => idOf(books.marks, name));
      tags.push(...addedTags.map((labelId) => ({ friendId, labelId })));
      marks.push(...addedMarks.map((labelId) => ({ friendId, labelId })));
      info.push(...row.setInfo.map((field) => ({ friendId, fieldId: idOf(fields, field.name), value: field.value })));
      if (row.outcome === 'update') {
        const before: ImportBefore = { ...row.before };
        if (addedTags.length > 0) before.addedTags = addedTags;
        if (addedMarks.length > 0) before.addedMarks = addedMarks;
        log.before = before;
      }
    }
    log.waiting = row.outcome === 'create';
    logs.push(log);
    counts[
      row.outcome === 'create'
        ? 'created'
        : row.outcome === 'update'
          ? 'updated'
          : row.outcome === 'unchanged'
            ? 'unchanged'
            : 'errors'
    ] += 1;
  }
  await repo.setFriendValues(
    tx,
    channel,
    planned.flatMap((row) => (row.outcome === 'update' && row.values ? [{ id: row.friend!.id, ...row.values }] : [])),
  );
  await repo.addLabels(tx, channel, 'tags', tags);
  await repo.addLabels(tx, channel, 'marks', marks);
  await repo.upsertInfo(tx, channel, info);
  await repo.insertRowLogs(tx, logs);
  await repo.advance(tx, channel, importId, batch.through, counts);
  return true;
}
