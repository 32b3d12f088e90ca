import {
  isBlockedValue,
  isYes,
  LABEL_NAME_MAX,
  LINE_USER_ID_PATTERN,
  tagOfColumn,
  wallTimeToInstant,
  type ImportMapping,
} from '@linq/contract';

/** One data row as the mapping reads it: what would be written for the friend. */
export interface ImportRecord {
  lineUserId: string;
  toolId: string | null;
  displayName: string | null;
  followedAt: Date | null;
  blocked: boolean | null;
  score: number | null;
  tags: string[];
  marks: string[];
  info: { name: string; value: string }[];
}

/** An error names what the row had of the ids (for the report). */
export type RowReading = { record: ImportRecord } | { error: string; lineUserId: string | null; toolId: string | null };

export const DISPLAY_NAME_MAX = 100;
const SCORE_LIMIT = 2_147_483_647;
const DATE_TIME = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

export const NO_ID_COLUMN_MESSAGE = 'LINEユーザーIDの列が指定されていないため照合できません';
export const noLineUserIdMessage = (toolId: string | null) =>
  toolId
    ? `LINEユーザーIDがないため照合できません（元のツールのID: ${toolId}）`
    : 'LINEユーザーIDがないため照合できません';
export const BAD_LINE_USER_ID_MESSAGE = 'LINEユーザーIDの形式が正しくありません（U で始まる33文字）';
export const BAD_DATE_MESSAGE = '友だち追加日時を読み取れません（例: 2024-04-01 10:30）';
export const BAD_SCORE_MESSAGE = 'スコアは整数で入力してください';
export const LONG_NAME_MESSAGE = `表示名は${DISPLAY_NAME_MAX}文字までです`;
export const LONG_LABEL_MESSAGE = `タグ・マークの名前は${LABEL_NAME_MAX}文字までです`;
export const duplicateMessage = (line: number) => `${line}行目と同じLINEユーザーIDです`;

/** Parsed dates by zone and text: an export repeats its dates, and the zone arithmetic is the slow part. */
const parsedDates = new Map<string, Date | null>();
const PARSED_DATES_KEPT = 50_000;

/** A date and time in the account's zone (2024-04-01, 2024/4/1 10:30, with seconds or not), or ISO with offset. */
export function parseDateTime(text: string, timeZone: string): Date | null {
  const key = `${timeZone} ${text}`;
  const known = parsedDates.get(key);
  if (known !== undefined) return known;
  if (parsedDates.size >= PARSED_DATES_KEPT) parsedDates.clear();
  const parsed = parseDateTimeUncached(text, timeZone);
  parsedDates.set(key, parsed);
  return parsed;
}

function parseDateTimeUncached(text: string, timeZone: string): Date | null {
  const match = DATE_TIME.exec(text);
  if (!match) {
    if (!/[zZ]|[+-]\d{2}:?\d{2}$/.test(text)) return null;
    const at = new Date(text);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as number[] &
    [number, number, number, number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return null;
  return wallTimeToInstant({ year, month, day, hour, minute, second, millisecond: 0 }, timeZone);
}

const splitList = (text: string, delimiter: string) =>
  text
    .split(delimiter)
    .map((name) => name.trim())
    .filter((name) => name !== '');

/**
 * Reads one data row by the mapping (`index`: the column of each header). A row that names no LINE
 * user id is an error, never matched by a guess: other tools' own numbers mean nothing here.
 */
export function readRow(
  mapping: ImportMapping,
  index: ReadonlyMap<string, number>,
  cells: readonly string[],
  timeZone: string,
): RowReading {
  const cell = (column: string | null): string | null => {
    if (column === null) return null;
    const at = index.get(column);
    return at === undefined ? null : (cells[at] ?? '').trim();
  };
  const toolId = cell(mapping.tool_id) || null;
  const lineUserId = cell(mapping.line_user_id) ?? '';
  const refuse = (error: string): RowReading => ({ error, lineUserId: lineUserId || null, toolId });
  if (mapping.line_user_id === null) return refuse(NO_ID_COLUMN_MESSAGE);
  if (lineUserId === '') return refuse(noLineUserIdMessage(toolId));
  if (!LINE_USER_ID_PATTERN.test(lineUserId)) return refuse(BAD_LINE_USER_ID_MESSAGE);

  const displayName = cell(mapping.display_name) || null;
  if (displayName && displayName.length > DISPLAY_NAME_MAX) return refuse(LONG_NAME_MESSAGE);
  const followedText = cell(mapping.followed_at);
  const followedAt = followedText ? parseDateTime(followedText, timeZone) : null;
  if (followedText && !followedAt) return refuse(BAD_DATE_MESSAGE);
  const blockedText = cell(mapping.blocked);
  const blocked = mapping.blocked === null ? null : isBlockedValue(blockedText ?? '');
  const scoreText = cell(mapping.score);
  let score: number | null = null;
  if (scoreText) {
    if (!/^-?\d+$/.test(scoreText) || Math.abs(Number(scoreText)) > SCORE_LIMIT) return refuse(BAD_SCORE_MESSAGE);
    score = Number(scoreText);
  }

  const tags = new Set(
    mapping.tags_column === null ? [] : splitList(cell(mapping.tags_column) ?? '', mapping.tag_delimiter),
  );
  for (const column of mapping.tag_columns) {
    if (isYes(cell(column) ?? '')) tags.add(tagOfColumn(mapping.preset, column));
  }
  const marks = new Set(
    mapping.marks_column === null ? [] : splitList(cell(mapping.marks_column) ?? '', mapping.tag_delimiter),
  );
  if ([...tags, ...marks].some((name) => name.length > LABEL_NAME_MAX)) return refuse(LONG_LABEL_MESSAGE);
  const info = mapping.info_fields
    .map((field) => ({ name: field.name, value: cell(field.column) ?? '' }))
    .filter((field) => field.value !== '');

  return {
    record: { lineUserId, toolId, displayName, followedAt, blocked, score, tags: [...tags], marks: [...marks], info },
  };
}

/** Each header's column (the first, when a header repeats). */
export function headerIndex(headers: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  headers.forEach((header, at) => {
    if (!index.has(header)) index.set(header, at);
  });
  return index;
}
