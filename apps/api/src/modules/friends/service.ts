import { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  isCalendarDate,
  type AudienceExpression,
  type AudienceNode,
  type FriendDetail,
  type friendFilterQuery,
  type FriendListItem,
  type friendListQuery,
  type FriendsSummary,
  type friendUpdateInput,
  type infoValuesInput,
  type ValidationErrors,
  listPage,
  csvRecord,
  plainCell,
  textCell,
  UTF8_BOM,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTurn, type Db } from '../../platform/db.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { lineClient } from '../../platform/line.ts';
import { accountScope, type ChannelRequest } from '../../platform/principal.ts';
import { publishRealtime } from '../../platform/realtime.ts';
import * as infoFields from './info-field-repository.ts';
import * as exported from './export-repository.ts';
import * as listing from './list-repository.ts';
import * as repo from './repository.ts';
import { askedNow } from '../audience/repository/read.ts';
import { channelForLine } from '../line-accounts/repository.ts';
import { fetchProfile } from './lifecycle.ts';

const FRIEND = '友だち';

/** The channel's friend counts: following now, blocked, and everyone who ever followed. */
export async function summary(ctx: AppContext, scope: ChannelRequest): Promise<FriendsSummary> {
  const { following, blocked } = await repo.followCounts(ctx.database.db, scope);
  return { total: following + blocked, following, blocked };
}

/*
 * Personal data (DESIGN.md section 5, "see personal data"). The one place of the rule:
 * a user whose staff authority lacks the personal_data capability
 * - sees picture_url, status_message, language, notes and info_values as null (list and
 *   detail), with personal_data_visible false; picture_url also in the talk list (talks module);
 * - may not change notes or info values (403);
 * - may not export the friend list (403: the CSV holds all of it).
 * Display names stay visible and editable: staff need them to chat.
 */
export const PERSONAL_DATA_MESSAGE = '個人情報を閲覧する権限がありません。';
export const EXPORT_FORBIDDEN_MESSAGE =
  '友だちのCSVを出力するには、データ出力・友だちの閲覧・個人情報の閲覧の権限が必要です。';
export const personalData = {
  visible: (scope: ChannelRequest): boolean => scope.permissions.personal_data,
  requireToChange(scope: ChannelRequest) {
    if (!personalData.visible(scope)) throw forbidden(PERSONAL_DATA_MESSAGE);
  },
  requireToExport(scope: ChannelRequest) {
    // The route already demanded exports (view); the rows are friends' data, personal data included.
    if (!personalData.visible(scope) || scope.permissions.features.friends === 'none') {
      throw forbidden(EXPORT_FORBIDDEN_MESSAGE);
    }
  },
};

type FilterQuery = z.output<typeof friendFilterQuery>;

/** The list's filters as an audience: every filter set, all of them at once (every friend without any). */
export function audienceOf(query: FilterQuery): AudienceExpression {
  const leaves: AudienceNode[] = [];
  if (query.name) leaves.push({ kind: 'name', contains: query.name });
  if (query.status) leaves.push({ kind: 'status', status: query.status });
  if (query.followed_from !== undefined || query.followed_to !== undefined) {
    leaves.push({ kind: 'followed', from: query.followed_from, to: query.followed_to });
  }
  if (query.mark_ids.length > 0) leaves.push({ kind: 'marks', match: 'any', ids: query.mark_ids });
  if (query.tag_ids.length > 0) leaves.push({ kind: 'tags', match: query.tag_match, ids: query.tag_ids });
  if (query.inflow_route_ids.length > 0) {
    leaves.push({ kind: 'inflow_route', match: query.inflow_match, ids: query.inflow_route_ids });
  }
  if (leaves.length === 0) return { kind: 'everyone' };
  return leaves.length === 1 ? leaves[0]! : { kind: 'all', of: leaves };
}

const audienceSource = (ctx: AppContext) => ({ db: ctx.database.db, registries: ctx.registries });

const iso = (at: Date | null) => at?.toISOString() ?? null;

function listItem(row: listing.FriendListRow, labels: repo.FriendLabels | undefined, visible: boolean): FriendListItem {
  return {
    id: row.id,
    display_name: row.displayName,
    picture_url: visible ? row.pictureUrl : null,
    status: row.status,
    followed_at: iso(row.followedAt),
    blocked_at: iso(row.blockedAt),
    last_message_at: iso(row.lastMessageAt),
    score: row.score,
    tags: labels?.tags ?? [],
    marks: labels?.marks ?? [],
  };
}

export async function list(ctx: AppContext, scope: ChannelRequest, query: z.output<typeof friendListQuery>) {
  const db = ctx.database.db;
  const { rows, total } = await listing.listPage(
    audienceSource(ctx),
    scope,
    await askedNow(audienceSource(ctx), scope, audienceOf(query)),
    { sort: query.sort, order: query.order },
    { page: query.page, limit: query.limit },
  );
  const labels = await repo.labelsOf(
    db,
    scope,
    rows.map((r) => r.id),
  );
  const visible = personalData.visible(scope);
  return listPage(
    rows.map((row) => listItem(row, labels.get(row.id), visible)),
    total,
    query,
  );
}

async function detailOf(db: Db, scope: ChannelRequest, friendId: number): Promise<FriendDetail> {
  const row = await repo.channelFriend(db, scope, friendId);
  if (!row) throw notFound(FRIEND);
  const visible = personalData.visible(scope);
  const [labels, values] = await inTurn(
    () => repo.labelsOf(db, scope, [row.id]),
    () => (visible ? repo.infoValuesOf(db, scope, [row.id]) : Promise.resolve([])),
  );
  const item = listItem(
    {
      ...row,
      displayName: row.displayNameOverride ?? row.displayName,
    },
    labels.get(row.id),
    visible,
  );
  return {
    ...item,
    line_display_name: row.displayName,
    display_name_override: row.displayNameOverride,
    status_message: visible ? row.statusMessage : null,
    language: visible ? row.language : null,
    notes: visible ? row.notes : null,
    info_values: visible ? values.map((v) => ({ field_id: v.fieldId, value: v.value })) : null,
    personal_data_visible: visible,
    unread_count: row.unreadCount,
    profile_fetched_at: row.profileFetchedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function get(ctx: AppContext, scope: ChannelRequest, friendId: number): Promise<FriendDetail> {
  return detailOf(ctx.database.db, scope, friendId);
}

/** Partial friend fields; an empty or null display_name restores LINE's name, an empty note clears it. */
export async function update(
  ctx: AppContext,
  scope: ChannelRequest,
  friendId: number,
  input: z.output<typeof friendUpdateInput>,
): Promise<FriendDetail> {
  if (input.notes !== undefined) personalData.requireToChange(scope);
  const changes: repo.FriendChanges = {};
  if (input.display_name !== undefined) changes.displayNameOverride = input.display_name || null;
  if (input.notes !== undefined) changes.notes = input.notes || null;
  if (input.score !== undefined) changes.score = input.score;
  const detail = await ctx.database.db.transaction(async (tx) => {
    if (!(await repo.updateFriend(tx, scope, friendId, changes))) throw notFound(FRIEND);
    return detailOf(tx, scope, friendId);
  });
  if (changes.displayNameOverride !== undefined) {
    // The talk list shows the name: open consoles refresh it.
    await publishRealtime(ctx.database, { type: 'friend.updated', lineAccountId: scope.lineAccountId, friendId });
  }
  return detail;
}

export const NO_TOKEN_MESSAGE =
  'このチャネルにはアクセストークンが設定されていないため、LINEからプロフィールを読めません';
export const NO_PROFILE_MESSAGE = 'この友だちはチャネルをブロックしているため、LINEからプロフィールを読めません';

/** Reads the friend's LINE profile now (staff's "update profile"), within LINE's rate limit like any call. */
export async function refreshProfile(ctx: AppContext, scope: ChannelRequest, friendId: number): Promise<FriendDetail> {
  const db = ctx.database.db;
  const row = await repo.channelFriend(db, scope, friendId);
  if (!row) throw notFound(FRIEND);
  const channel = await channelForLine(db, scope);
  if (!channel?.channelAccessTokenSealed) throw conflict(NO_TOKEN_MESSAGE);
  const client = lineClient(ctx.lineEndpoints(channel.simulated), ctx.secrets.open(channel.channelAccessTokenSealed));
  const profile = await fetchProfile(client, row.lineUserId);
  if (!profile) throw conflict(NO_PROFILE_MESSAGE);
  await repo.ensureFriend(db, scope, row.lineUserId, profile);
  await publishRealtime(ctx.database, { type: 'friend.updated', lineAccountId: scope.lineAccountId, friendId });
  return detailOf(db, scope, friendId);
}

export const UNKNOWN_FIELD_MESSAGE = 'この友だち情報欄は見つかりません';
export const REPEATED_FIELD_MESSAGE = '同じ友だち情報欄が重複しています';
export const NUMBER_MESSAGE = '数値を入力してください';
export const DATE_MESSAGE = '存在する日付を YYYY-MM-DD の形式で入力してください';
export const OPTION_MESSAGE = '選択肢の中から選んでください';

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A value as stored for its field, or the message saying why it does not fit. Full-width
 * digits and signs of numbers and dates are read as ASCII (NFKC; the minus sign U+2212 too).
 */
export function checkValue(field: infoFields.InfoFieldRow, value: string): { value: string } | { error: string } {
  switch (field.fieldType) {
    case 'text':
      return { value };
    case 'number': {
      const text = value.normalize('NFKC').replace(/\u2212/g, '-');
      return NUMBER_TEXT.test(text) && Number.isFinite(Number(text)) ? { value: text } : { error: NUMBER_MESSAGE };
    }
    case 'date': {
      const text = value.normalize('NFKC');
      return isCalendarDate(text) ? { value: text } : { error: DATE_MESSAGE };
    }
    case 'select':
      return field.options.includes(value) ? { value } : { error: OPTION_MESSAGE };
  }
}

/**
 * Sets a friend's info values, each checked against its field (a field of another channel is
 * unknown); an empty value clears it. Nothing is saved unless every value fits.
 */
export async function setInfoValues(
  ctx: AppContext,
  scope: ChannelRequest,
  friendId: number,
  input: z.output<typeof infoValuesInput>,
): Promise<FriendDetail> {
  personalData.requireToChange(scope);
  return ctx.events.transaction(ctx.database.db, async (on) => {
    const tx = on.tx;
    if (!(await repo.channelFriend(tx, scope, friendId))) throw notFound(FRIEND);
    const fields = new Map(
      (
        await infoFields.findMany(
          tx,
          scope,
          input.values.map((v) => v.field_id),
        )
      ).map((f) => [f.id, f]),
    );
    const errors: ValidationErrors = {};
    const seen = new Set<number>();
    const set: { fieldId: number; value: string }[] = [];
    const cleared: number[] = [];
    input.values.forEach((entry, i) => {
      const field = fields.get(entry.field_id);
      if (!field) errors[`values.${i}.field_id`] = { description: UNKNOWN_FIELD_MESSAGE };
      else if (seen.has(field.id)) errors[`values.${i}.field_id`] = { description: REPEATED_FIELD_MESSAGE };
      else if (entry.value === '') cleared.push(field.id);
      else {
        const checked = checkValue(field, entry.value);
        if ('error' in checked) errors[`values.${i}.value`] = { description: checked.error };
        else set.push({ fieldId: field.id, value: checked.value });
      }
      seen.add(entry.field_id);
    });
    const first = Object.values(errors)[0];
    if (first) throw new AppError('validation', first.description, errors);
    await repo.writeInfoValues(tx, scope, friendId, set, cleared);
    if (set.length > 0 || cleared.length > 0) {
      await on.publish('friend.info_changed', { lineAccountId: scope.lineAccountId, friendId });
    }
    return detailOf(tx, scope, friendId);
  });
}

/** Rows read per fetch while exporting: memory stays flat however many friends match. */
export const EXPORT_BATCH_SIZE = 2000;

const STATUS_LABEL = { following: 'フォロー中', blocked: 'ブロック' } as const;

/** Year, month, day, hour, minute and second of `at` in `timeZone`, as YYYYMMDD-HHMMSS. */
function localStamp(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}${parts.second}`;
}

/**
 * The batches one ahead of the reader: the next is read from the database while the reader
 * formats and sends this one, so that PostgreSQL and Node work side by side rather than in turn.
 */
async function* readAhead<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = source.next();
  try {
    for (;;) {
      const result = await next;
      if (result.done) return;
      next = source.next();
      yield result.value;
    }
  } finally {
    // A reader that stopped early: the read under way ends first (its failure, if any, closed the
    // source already), then the source closes (its cursor and connection).
    await next.catch(() => undefined);
    await source.return(undefined);
  }
}

/**
 * The filtered friend list as CSV, in the list's order: a header in Japanese, then one record
 * per friend with labels, score, one column per info field and notes; times in the account's
 * time zone. The body streams: rows are read in batches (exported.exportBatches) as the client takes them.
 */
export async function exportCsv(
  ctx: AppContext,
  scope: ChannelRequest,
  query: FilterQuery,
): Promise<{ filename: string; body: Readable }> {
  personalData.requireToExport(scope);
  const db = ctx.database.db;
  const timeZone = await repo.accountTimeZone(db, accountScope(scope.accountId));
  const sort: listing.FriendSort = { sort: query.sort, order: query.order };
  const fields = await infoFields.list(db, scope);
  const header = [
    'ID',
    '表示名',
    'LINE表示名',
    '状態',
    '友だち追加日時',
    'ブロック日時',
    'タグ',
    '対応マーク',
    'スコア',
    ...fields.map((f) => f.name),
    'メモ',
  ];
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(UTF8_BOM + csvRecord(header.map(textCell)), 'utf8');
    const batches = exported.exportBatches(
      audienceSource(ctx),
      scope,
      await askedNow(audienceSource(ctx), scope, audienceOf(query)),
      sort,
      timeZone,
      EXPORT_BATCH_SIZE,
    );
    // Records are encoded one by one into this buffer (grown as needed, 3 bytes per UTF-16 unit at
    // most), then the batch's bytes copied out: 1.5-2x as fast as encoding the batch's text at once.
    let scratch = Buffer.alloc(0);
    for await (const rows of readAhead(batches)) {
      // No fields, no values: the query would only add a round trip per batch.
      const values =
        fields.length === 0
          ? []
          : await repo.infoValuesOf(
              db,
              scope,
              rows.map((r) => r.id),
            );
      const valueOf = new Map(values.map((v) => [`${v.friendId}:${v.fieldId}`, v.value]));
      const records = rows.map((row) =>
        csvRecord([
          plainCell(row.id),
          textCell(row.displayName),
          textCell(row.lineDisplayName),
          plainCell(STATUS_LABEL[row.status]),
          plainCell(row.followedAt),
          plainCell(row.blockedAt),
          textCell(row.tagNames),
          textCell(row.markNames),
          plainCell(row.score),
          ...fields.map((field) => {
            const value = valueOf.get(`${row.id}:${field.id}`);
            // Numbers and dates were checked on the way in; everything else is the staff's text.
            return field.fieldType === 'number' && value !== undefined && NUMBER_TEXT.test(value)
              ? plainCell(value)
              : textCell(value);
          }),
          textCell(row.notes),
        ]),
      );
      const most = records.reduce((sum, record) => sum + record.length * 3, 0);
      if (scratch.length < most) scratch = Buffer.allocUnsafe(most);
      let length = 0;
      for (const record of records) length += scratch.write(record, length, 'utf8');
      yield Buffer.from(scratch.subarray(0, length));
    }
  }

  const body = Readable.from(chunks(), { objectMode: false });
  body.on('error', (error) =>
    ctx.log.error({ err: error, lineAccountId: scope.lineAccountId }, 'friend export failed mid-stream'),
  );
  return { filename: `friends-${localStamp(new Date(), timeZone)}.csv`, body };
}
