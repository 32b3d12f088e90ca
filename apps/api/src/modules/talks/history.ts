import type { TalkHistory, TalkMessage } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { TALK_SOURCES, type TalkBefore, type TalkEntry, type TalkSource } from './sources.ts';

/*
 * A friend's talk is the merge of every source's entries (sources.ts) in one order: time, then
 * source name, then id, all descending. The cursor names the last entry of a page (its exact time,
 * source and id), so the next page starts right after it in every source: no entry twice, none
 * skipped, whatever arrives meanwhile.
 */

export const BAD_CURSOR_MESSAGE = 'ページの指定が正しくありません。最初から読み込み直してください。';

interface Cursor {
  at: string;
  source: string;
  id: number;
}

type Sourced = TalkEntry & { source: string };

const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor({ at, source, id }: Cursor): string {
  return Buffer.from(JSON.stringify([at, source, id])).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [at, source, id] = parsed as unknown[];
      if (typeof at === 'string' && EXACT_TIME.test(at) && typeof source === 'string' && Number.isSafeInteger(id)) {
        return { at, source, id: id as number };
      }
    }
  } catch {
    // not ours: refused below
  }
  throw fieldError('before', BAD_CURSOR_MESSAGE);
}

/** Where `source` resumes after the cursor: ties at the cursor's time go to the sources named before it. */
function resumeOf(source: string, cursor: Cursor | null): TalkBefore | null {
  if (cursor === null) return null;
  if (source === cursor.source) return { at: cursor.at, id: cursor.id };
  // A source ordered after the cursor's (smaller name) still has the entries at the cursor's very time.
  return { at: cursor.at, id: source < cursor.source ? Number.MAX_SAFE_INTEGER : 0 };
}

/** Newest first: time, then source, then id. */
function newerFirst(a: Sourced, b: Sourced): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.source !== b.source) return a.source < b.source ? 1 : -1;
  return b.id - a.id;
}

export function toTalkMessage(entry: TalkEntry, source: string): TalkMessage {
  const outgoing = entry.direction === 'outgoing';
  return {
    id: entry.id,
    key: `${source}:${entry.id}`,
    direction: entry.direction,
    type: entry.type,
    content: entry.content,
    occurred_at: new Date(entry.at).toISOString(),
    sent_by: entry.sentBy,
    origin: entry.origin,
    delivery_status: outgoing ? (entry.delivery?.status ?? null) : null,
    failure_reason: outgoing ? (entry.delivery?.failureReason ?? null) : null,
    delivery_wait: outgoing ? (entry.delivery?.wait ?? null) : null,
  };
}

/**
 * One page of the friend's talk, newest first. Each source gives its `limit + 1` newest entries
 * after the cursor (a k-way merge needs no more from any one), and the page is the newest `limit`
 * of them all. The caller checked that the friend is the channel's.
 */
export async function talkPage(
  ctx: AppContext,
  scope: ChannelScope,
  friendId: number,
  query: { before?: string | undefined; limit: number },
): Promise<TalkHistory> {
  const cursor = query.before === undefined ? null : decodeCursor(query.before);
  const sources: readonly TalkSource[] = ctx.registries.all(TALK_SOURCES);
  const db = ctx.database.db;
  // Not in a transaction: each source's read goes to the pool on its own.
  const lists = await Promise.all(
    sources.map(async (source) =>
      (await source.entries(db, scope, friendId, resumeOf(source.name, cursor), query.limit + 1)).map(
        (entry): Sourced => ({ ...entry, source: source.name }),
      ),
    ),
  );
  const merged = lists.flat().sort(newerFirst);
  const page = merged.slice(0, query.limit);
  const last = page.at(-1);
  const hasMore = merged.length > query.limit;
  return {
    data: page.map((entry) => toTalkMessage(entry, entry.source)),
    has_more: hasMore,
    next_before: hasMore && last ? encodeCursor({ at: last.at, source: last.source, id: last.id }) : null,
  };
}
