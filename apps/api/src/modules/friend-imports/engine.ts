import type { ImportMapping, ImportOutcome } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { readRecords } from './csv-source.ts';
import * as repo from './repository.ts';
import { duplicateMessage, headerIndex, readRow, type ImportRecord, type RowReading } from './rows.ts';
import type { ImportBefore } from './repository.ts';

/** Rows planned and written together: one transaction of the run, one checkpoint. */
export const BATCH_ROWS = 1000;

export interface FileRow {
  line: number;
  reading: RowReading;
}

export interface RowBatch {
  rows: FileRow[];
  /** Data rows of the file up to and including this batch (the checkpoint after it). */
  through: number;
}

/**
 * The file's data rows in batches, read as they stream from storage, starting after `skipRows`
 * (a resumed run). A LINE user id met again is an error on its later row, whether or not the
 * earlier one was skipped, so a resumed run judges every row as an uninterrupted one would.
 */
export async function* readBatches(
  ctx: AppContext,
  source: Pick<repo.ImportRow, 'fileKey' | 'encoding' | 'headers'>,
  mapping: ImportMapping,
  timeZone: string,
  skipRows = 0,
): AsyncGenerator<RowBatch> {
  const stream = await ctx.files.getStream(source.fileKey);
  if (!stream) throw notFound('アップロードされたファイル');
  const index = headerIndex(source.headers);
  const firstLine = new Map<string, number>();
  let dataRows = 0;
  let batch: FileRow[] = [];
  let header = true;
  try {
    for await (const { line, cells } of readRecords(stream, source.encoding)) {
      if (header) {
        header = false;
        continue;
      }
      dataRows += 1;
      let reading = readRow(mapping, index, cells, timeZone);
      if ('record' in reading) {
        const earlier = firstLine.get(reading.record.lineUserId);
        if (earlier !== undefined)
          reading = {
            error: duplicateMessage(earlier),
            lineUserId: reading.record.lineUserId,
            toolId: reading.record.toolId,
          };
        else firstLine.set(reading.record.lineUserId, line);
      }
      if (dataRows <= skipRows) continue;
      batch.push({ line, reading });
      if (batch.length === BATCH_ROWS) {
        yield { rows: batch, through: dataRows };
        batch = [];
      }
    }
    if (batch.length > 0) yield { rows: batch, through: dataRows };
  } finally {
    stream.destroy();
  }
}

/** A channel's labels or fields by name; null for a name the run would create. */
export type NameBook = Map<string, number | null>;

export interface PlannedRow {
  line: number;
  outcome: ImportOutcome;
  record: ImportRecord | null;
  message: string | null;
  /** The ids the row named, also for an error. */
  ids: { lineUserId: string | null; toolId: string | null };
  friend: repo.ExistingFriend | null;
  /** What the row adds or sets, by name. */
  addTags: string[];
  addMarks: string[];
  setInfo: { name: string; value: string }[];
  /** New score, name and follow time of an existing friend; null when they stay. */
  values: { score: number; displayName: string; followedAt: Date | null } | null;
  before: ImportBefore | null;
}

/**
 * What each row of a batch does to the channel as it is now: create the friend, update it (the
 * score, a name or follow time it lacks, labels it lacks, info values that differ), or nothing.
 * Existing friends' follow state and LINE name are LINE's and stay; labels are only ever added.
 */
export async function planBatch(
  db: Db,
  scope: ChannelScope,
  rows: FileRow[],
  books: { tags: NameBook; marks: NameBook; fields: NameBook },
): Promise<PlannedRow[]> {
  const records = rows.flatMap((row) => ('record' in row.reading ? [row.reading.record] : []));
  const existing = await repo.friendsByLineUserId(
    db,
    scope,
    records.map((record) => record.lineUserId),
  );
  const ids = [...existing.values()].map((friend) => friend.id);
  // One after the other: inside the run's transaction they share one connection.
  const tagIds = await repo.labelIdsOf(db, scope, 'tags', ids);
  const markIds = await repo.labelIdsOf(db, scope, 'marks', ids);
  const infoValues = await repo.infoValuesOf(db, scope, ids);
  return rows.map(({ line, reading }): PlannedRow => {
    const empty = { addTags: [], addMarks: [], setInfo: [], values: null, before: null, friend: null };
    if ('error' in reading)
      return {
        line,
        outcome: 'error',
        record: null,
        message: reading.error,
        ids: { lineUserId: reading.lineUserId, toolId: reading.toolId },
        ...empty,
      };
    const { record } = reading;
    const ids = { lineUserId: record.lineUserId, toolId: record.toolId };
    const friend = existing.get(record.lineUserId);
    if (!friend)
      return {
        ...empty,
        line,
        outcome: 'create',
        record,
        ids,
        message: null,
        addTags: record.tags,
        addMarks: record.marks,
        setInfo: record.info,
      };
    const lacks = (book: NameBook, carried: Set<number> | undefined) => (name: string) => {
      const labelId = book.get(name);
      return labelId === null || labelId === undefined || !carried?.has(labelId);
    };
    const addTags = record.tags.filter(lacks(books.tags, tagIds.get(friend.id)));
    const addMarks = record.marks.filter(lacks(books.marks, markIds.get(friend.id)));
    const values = infoValues.get(friend.id);
    const setInfo = record.info.filter((field) => {
      const fieldId = books.fields.get(field.name);
      return fieldId === null || fieldId === undefined || values?.get(fieldId) !== field.value;
    });
    const next = {
      score: record.score ?? friend.score,
      displayName: friend.displayName === '' && record.displayName ? record.displayName : friend.displayName,
      followedAt: friend.followedAt ?? record.followedAt,
    };
    const valuesChange =
      next.score !== friend.score ||
      next.displayName !== friend.displayName ||
      next.followedAt?.getTime() !== friend.followedAt?.getTime();
    const changed = valuesChange || addTags.length > 0 || addMarks.length > 0 || setInfo.length > 0;
    const before: ImportBefore = {};
    if (valuesChange)
      Object.assign(before, {
        score: friend.score,
        displayName: friend.displayName,
        followedAt: friend.followedAt?.toISOString() ?? null,
      });
    if (setInfo.length > 0)
      before.info = Object.fromEntries(
        setInfo.map((field) => {
          const fieldId = books.fields.get(field.name);
          return [field.name, (fieldId ? values?.get(fieldId) : undefined) ?? null];
        }),
      );
    return {
      line,
      outcome: changed ? 'update' : 'unchanged',
      record,
      ids,
      message: null,
      friend,
      addTags,
      addMarks,
      setInfo,
      values: valuesChange ? next : null,
      before: changed ? before : null,
    };
  });
}
