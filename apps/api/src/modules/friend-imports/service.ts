import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  csvRecord,
  detectPreset,
  IMPORT_ERRORS_SHOWN,
  IMPORT_PREVIEW_ROWS,
  mappingFits,
  presetMapping,
  textCell,
  plainCell,
  UTF8_BOM,
  type FriendImport,
  type ImportMapping,
  type ImportPreview,
  type ImportUpload,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { channelScope, type AccountScope, type ChannelScope } from '../../platform/principal.ts';
import { findLineAccount } from '../line-accounts/repository.ts';
import { accountTimeZone } from '../friends/repository.ts';
import { INFO_FIELDS_PER_CHANNEL } from '../friends/info-field-service.ts';
import { EncodingSniffer, readRecords, sniffing } from './csv-source.ts';
import { planBatch, readBatches, type NameBook, type PlannedRow } from './engine.ts';
import * as repo from './repository.ts';

export const NOT_FOUND_WHAT = '取り込み';
export const EMPTY_FILE_MESSAGE = 'CSVファイルに見出し行がありません';
export const NOT_UNDOABLE_MESSAGE = '取り消せるのは、このチャネルで最後に完了した取り込みだけです';
export const BUSY_MESSAGE = 'この取り込みは既に実行中か完了しています';
export const tooManyFieldsMessage = (room: number) =>
  `友だち情報欄は1チャネル${INFO_FIELDS_PER_CHANNEL}個までです（あと${room}個作成できます）。取り込む情報欄を減らしてください`;
const SAMPLE_ROWS = 5;
const UNDO_PAGE = 1000;

export function presentImport(row: repo.ImportRow, waiting: number, lastCompletedId: number | null): FriendImport {
  return {
    id: row.id,
    line_account_id: row.lineAccountId,
    file_name: row.fileName,
    encoding: row.encoding,
    status: row.status,
    total_rows: row.totalRows,
    processed_rows: row.processedRows,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    errors: row.errors,
    waiting,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    undone_at: row.undoneAt?.toISOString() ?? null,
    can_undo: row.id === lastCompletedId,
  };
}

/** The account's channel (404 for any other), as the scope its friends are written in. */
export async function channelOfAccount(db: Db, scope: AccountScope, lineAccountId: number): Promise<ChannelScope> {
  if (!(await findLineAccount(db, scope, lineAccountId))) throw notFound('チャネル');
  return channelScope(lineAccountId);
}

async function importOfAccount(db: Db, scope: AccountScope, id: number) {
  const row = await repo.findOfAccount(db, scope, id);
  if (!row) throw notFound(NOT_FOUND_WHAT);
  return { row, channel: channelScope(row.lineAccountId) };
}

async function presentMany(db: Db, channel: ChannelScope, rows: repo.ImportRow[]): Promise<FriendImport[]> {
  const [waiting, last] = await Promise.all([
    repo.waitingCounts(
      db,
      channel,
      rows.map((row) => row.id),
    ),
    repo.lastCompletedId(db, channel),
  ]);
  return rows.map((row) => presentImport(row, waiting.get(row.id) ?? 0, last));
}

export async function list(ctx: AppContext, scope: AccountScope, lineAccountId: number): Promise<FriendImport[]> {
  const db = ctx.database.db;
  const channel = await channelOfAccount(db, scope, lineAccountId);
  return presentMany(db, channel, await repo.listOfChannel(db, channel));
}

async function presentUpload(db: Db, scope: AccountScope, row: repo.ImportRow): Promise<ImportUpload> {
  const [item] = await presentMany(db, channelScope(row.lineAccountId), [row]);
  const saved = await repo.savedMapping(db, scope);
  return {
    import: item!,
    headers: row.headers,
    sample: row.sample,
    suggested: row.mapping ?? presetMapping(detectPreset(row.headers), row.headers, row.sample),
    saved: saved && mappingFits(saved, row.headers) ? saved : null,
  };
}

export async function get(ctx: AppContext, scope: AccountScope, id: number): Promise<ImportUpload> {
  const { row } = await importOfAccount(ctx.database.db, scope, id);
  return presentUpload(ctx.database.db, scope, row);
}

/**
 * Keeps the uploaded file (streamed to storage, its encoding told on the way) and reads its header
 * and first rows for the mapping step.
 */
export async function upload(
  ctx: AppContext,
  scope: AccountScope,
  channel: ChannelScope,
  file: { name: string; stream: Readable },
): Promise<ImportUpload> {
  const db = ctx.database.db;
  const fileKey = `imports/${channel.lineAccountId}/${randomUUID()}.csv`;
  const sniffer = new EncodingSniffer();
  await ctx.files.putStream(fileKey, file.stream.pipe(sniffing(sniffer)));
  const encoding = sniffer.encoding();
  const stored = await ctx.files.getStream(fileKey);
  const lines: string[][] = [];
  if (stored) {
    try {
      for await (const { cells } of readRecords(stored, encoding)) {
        lines.push(cells.map((cell) => cell.trim()));
        if (lines.length > SAMPLE_ROWS) break;
      }
    } catch {
      // A file that is no CSV at all: no header, refused below.
    } finally {
      stored.destroy();
    }
  }
  const [headers, ...sample] = lines;
  if (!headers || headers.every((header) => header === '')) {
    await ctx.files.remove(fileKey);
    throw fieldError('file', EMPTY_FILE_MESSAGE);
  }
  const row = await repo.insertImport(db, channel, {
    fileName: file.name.slice(0, 200) || 'friends.csv',
    fileKey,
    encoding,
    headers,
    sample,
  });
  return presentUpload(db, scope, row);
}

/** The channel's tags, marks and info fields by name. */
async function nameBooks(db: Db, channel: ChannelScope) {
  const [tags, marks, fields] = await Promise.all([
    repo.labelBook(db, channel, 'tags'),
    repo.labelBook(db, channel, 'marks'),
    repo.infoFieldIds(db, channel),
  ]);
  return { tags: tags as NameBook, marks: marks as NameBook, fields: fields as NameBook };
}

/** Refuses a mapping whose new info fields would pass the channel's limit. */
function checkFieldRoom(mapping: ImportMapping, fields: NameBook) {
  const created = new Set(mapping.info_fields.map((field) => field.name).filter((name) => !fields.has(name)));
  const room = Math.max(0, INFO_FIELDS_PER_CHANNEL - fields.size);
  if (created.size > room) {
    const message = tooManyFieldsMessage(room);
    throw fieldError('info_fields', message);
  }
}

/** Rows a planned row adds to the preview's counts per label or field. */
function countNames(counts: Map<string, { friends: number; new: boolean }>, names: string[], book: NameBook) {
  for (const name of names) {
    const entry = counts.get(name) ?? { friends: 0, new: !book.has(name) };
    entry.friends += 1;
    counts.set(name, entry);
  }
}

const listed = (counts: Map<string, { friends: number; new: boolean }>) =>
  [...counts.entries()].map(([name, count]) => ({ name, ...count })).sort((a, b) => b.friends - a.friends);

/** What the run would do with this mapping, from the file and the channel as they are; writes nothing. */
export async function dryRun(
  ctx: AppContext,
  scope: AccountScope,
  id: number,
  mapping: ImportMapping,
): Promise<ImportPreview> {
  const db = ctx.database.db;
  const { row, channel } = await importOfAccount(db, scope, id);
  const books = await nameBooks(db, channel);
  checkFieldRoom(mapping, books.fields);
  const timeZone = await accountTimeZone(db, scope);
  const preview: ImportPreview = {
    total_rows: 0,
    create: 0,
    update: 0,
    unchanged: 0,
    errors: 0,
    tags: [],
    marks: [],
    fields: [],
    rows: [],
    row_errors: [],
  };
  const tags = new Map<string, { friends: number; new: boolean }>();
  const marks = new Map<string, { friends: number; new: boolean }>();
  const fields = new Map<string, { friends: number; new: boolean }>();
  for await (const batch of readBatches(ctx, row, mapping, timeZone)) {
    preview.total_rows = batch.through;
    for (const planned of await planBatch(db, channel, batch.rows, books)) {
      if (planned.outcome === 'error') {
        preview.errors += 1;
        if (preview.row_errors.length < IMPORT_ERRORS_SHOWN)
          preview.row_errors.push({ line: planned.line, message: planned.message ?? '' });
        continue;
      }
      preview[planned.outcome] += 1;
      countNames(tags, planned.addTags, books.tags);
      countNames(marks, planned.addMarks, books.marks);
      countNames(
        fields,
        planned.setInfo.map((field) => field.name),
        books.fields,
      );
      if (preview.rows.length < IMPORT_PREVIEW_ROWS) preview.rows.push(previewRow(planned));
    }
  }
  return { ...preview, tags: listed(tags), marks: listed(marks), fields: listed(fields) };
}

function previewRow(planned: PlannedRow): ImportPreview['rows'][number] {
  const record = planned.record!;
  const friend = planned.friend;
  return {
    line: planned.line,
    outcome: planned.outcome,
    line_user_id: record.lineUserId,
    display_name: friend ? (planned.values?.displayName ?? friend.displayName) : (record.displayName ?? ''),
    followed_at:
      (friend ? (planned.values?.followedAt ?? friend.followedAt) : record.followedAt)?.toISOString() ?? null,
    blocked: friend ? null : (record.blocked ?? false),
    score: friend ? (planned.values?.score ?? friend.score) : (record.score ?? 0),
    tags: record.tags,
    marks: record.marks,
    fields: record.info,
  };
}

/** Starts the run in the background with this mapping, which becomes the account's saved mapping. */
export async function run(
  ctx: AppContext,
  scope: AccountScope,
  id: number,
  mapping: ImportMapping,
): Promise<FriendImport> {
  const db = ctx.database.db;
  const { row, channel } = await importOfAccount(db, scope, id);
  if (row.status !== 'uploaded') throw conflict(BUSY_MESSAGE);
  checkFieldRoom(mapping, (await nameBooks(db, channel)).fields);
  const queued = await repo.update(db, channel, id, { mapping, status: 'queued' });
  await repo.saveMapping(db, scope, mapping);
  await enqueueRun(ctx, id);
  const [item] = await presentMany(db, channel, [queued!]);
  return item!;
}

export const RUN_JOB = 'friend-imports.run';
export const enqueueRun = (ctx: AppContext, importId: number) =>
  ctx.queue.send(RUN_JOB, { importId }, { singletonKey: `friend-import-${importId}` });

/**
 * Undoes the channel's last completed import, in one transaction: the friends it created are
 * removed (with their labels and values), and each friend it changed gets back its score, name and
 * follow time, loses the labels the run added and has its info values restored.
 */
export async function undo(ctx: AppContext, scope: AccountScope, id: number): Promise<FriendImport> {
  const db = ctx.database.db;
  const { channel } = await importOfAccount(db, scope, id);
  const undone = await db.transaction(async (tx) => {
    const row = await repo.lockForBatch(tx, channel, id);
    if (!row || row.status !== 'completed' || (await repo.lastCompletedId(tx, channel)) !== id)
      throw conflict(NOT_UNDOABLE_MESSAGE);
    const fields = await repo.infoFieldIds(tx, channel);
    let afterLine = 0;
    for (;;) {
      const page = await repo.rowLogPage(tx, channel, id, afterLine, UNDO_PAGE);
      if (page.length === 0) break;
      afterLine = page.at(-1)!.line;
      await undoPage(tx, channel, page, fields);
    }
    return repo.update(tx, channel, id, { status: 'undone', undoneAt: ctx.clock.now() });
  });
  const [item] = await presentMany(db, channel, [undone!]);
  return item!;
}

async function undoPage(
  tx: Db,
  channel: ChannelScope,
  page: Awaited<ReturnType<typeof repo.rowLogPage>>,
  fields: Map<string, number>,
) {
  const created = page.filter((entry) => entry.outcome === 'create' && entry.friendId !== null);
  await repo.deleteFriends(
    tx,
    channel,
    created.map((entry) => entry.friendId!),
  );
  const updated = page.filter((entry) => entry.outcome === 'update' && entry.friendId !== null && entry.before);
  const restores: repo.FriendFix[] = [];
  const tags: repo.LabelLink[] = [];
  const marks: repo.LabelLink[] = [];
  const setInfo: repo.InfoWrite[] = [];
  const clearInfo: { friendId: number; fieldId: number }[] = [];
  for (const entry of updated) {
    const friendId = entry.friendId!;
    const before = entry.before!;
    if (before.score !== undefined)
      restores.push({
        id: friendId,
        score: before.score,
        displayName: before.displayName ?? '',
        followedAt: before.followedAt ? new Date(before.followedAt) : null,
      });
    for (const labelId of before.addedTags ?? []) tags.push({ friendId, labelId });
    for (const labelId of before.addedMarks ?? []) marks.push({ friendId, labelId });
    for (const [name, value] of Object.entries(before.info ?? {})) {
      const fieldId = fields.get(name);
      if (fieldId === undefined) continue;
      if (value === null) clearInfo.push({ friendId, fieldId });
      else setInfo.push({ friendId, fieldId, value });
    }
  }
  await repo.setFriendValues(tx, channel, restores);
  await repo.removeLabels(tx, channel, 'tags', tags);
  await repo.removeLabels(tx, channel, 'marks', marks);
  await repo.upsertInfo(tx, channel, setInfo);
  await repo.clearInfo(tx, channel, clearInfo);
}

const OUTCOME_LABEL = { create: '作成', update: '更新', unchanged: '変更なし', error: 'エラー' } as const;

/** The run's outcome per row as CSV (UTF-8 with BOM, for Excel), streamed page by page. */
export async function report(
  ctx: AppContext,
  scope: AccountScope,
  id: number,
): Promise<{ filename: string; body: Readable }> {
  const db = ctx.database.db;
  const { row, channel } = await importOfAccount(db, scope, id);
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(
      UTF8_BOM +
        csvRecord(['行', '結果', 'LINEユーザーID', '元のツールのID', '取り込み待ち', 'メッセージ'].map(textCell)),
      'utf8',
    );
    let afterLine = 0;
    for (;;) {
      const page = await repo.rowLogPage(db, channel, id, afterLine, UNDO_PAGE);
      if (page.length === 0) return;
      afterLine = page.at(-1)!.line;
      yield Buffer.from(
        page
          .map((entry) =>
            csvRecord([
              plainCell(entry.line),
              textCell(OUTCOME_LABEL[entry.outcome]),
              textCell(entry.lineUserId),
              textCell(entry.toolId),
              textCell(entry.waiting ? '待機中' : ''),
              textCell(entry.message),
            ]),
          )
          .join(''),
        'utf8',
      );
    }
  }
  return { filename: `friend-import-${row.id}-report.csv`, body: Readable.from(chunks()) };
}
