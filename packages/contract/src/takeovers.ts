import { z } from 'zod';
import { dataOf, id, timestamp } from './common.ts';
import { endpoint, heldBy } from './http.ts';

/*
 * Takeovers (引き継ぎ, /account/takeovers): the account owner imports a channel's friends from a CSV
 * another tool exported. The file is uploaded once, its columns are mapped to our fields (a preset
 * of a known tool, or the account's saved mapping), a dry run shows what would change, and a
 * background job runs it, resumable and idempotent by LINE user id, with a report and an undo.
 */

/** The largest CSV taken (a million friends with a few columns fit). */
export const IMPORT_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
export const IMPORT_ENCODINGS = ['utf-8', 'utf-8-bom', 'shift_jis'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** Known formats. Their headers are documented in takeover-presets (README, section Takeovers). */
export const IMPORT_PRESETS = ['lstep', 'lme', 'liny', 'generic'] as const;
export type ImportPreset = (typeof IMPORT_PRESETS)[number];

/** A LINE user id as the Messaging API names users: `U` and 32 hex digits. */
export const LINE_USER_ID_PATTERN = /^U[0-9a-f]{32}$/;

const column = z.string().trim().min(1).max(200);
const optionalColumn = column.nullable();
const FIELD_NAME_MESSAGE = '友だち情報欄の名前を入力してください（50文字まで）';

export const importMapping = z.object({
  preset: z.enum(IMPORT_PRESETS),
  /** The column holding the LINE user id: the only key a friend is matched by. */
  line_user_id: optionalColumn,
  /** The other tool's own number of the friend: shown in errors and the report, never matched by. */
  tool_id: optionalColumn,
  display_name: optionalColumn,
  followed_at: optionalColumn,
  blocked: optionalColumn,
  score: optionalColumn,
  /** One column listing the tags, split by `tag_delimiter`. */
  tags_column: optionalColumn,
  tag_delimiter: z.string().min(1).max(3),
  /** One column per tag (its header is the tag's name), set by 1, ○, true and the like. */
  tag_columns: z.array(column).max(500),
  /** One column listing the marks, split by `tag_delimiter`. */
  marks_column: optionalColumn,
  /** Columns kept as info fields (a text field of that name, created when missing). */
  info_fields: z
    .array(
      z.object({
        column,
        name: z.string().trim().min(1, { message: FIELD_NAME_MESSAGE }).max(50, { message: FIELD_NAME_MESSAGE }),
      }),
    )
    .max(100),
});
export type ImportMapping = z.output<typeof importMapping>;

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'completed', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const friendImport = z.object({
  id: z.number().int(),
  line_account_id: z.number().int(),
  file_name: z.string(),
  encoding: z.enum(IMPORT_ENCODINGS),
  status: z.enum(IMPORT_STATUSES),
  /** Data rows of the file (known after the dry run or the run). */
  total_rows: z.number().int().nullable(),
  processed_rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
  /** Created friends LINE has not yet shown us (no webhook yet): "imported, waiting". */
  waiting: z.number().int(),
  created_at: timestamp,
  started_at: timestamp.nullable(),
  finished_at: timestamp.nullable(),
  undone_at: timestamp.nullable(),
  /** Only the channel's last completed import can be undone. */
  can_undo: z.boolean(),
});
export type FriendImport = z.infer<typeof friendImport>;

/** An upload as the mapping step sees it: the file's headers, its first rows and suggested mappings. */
export const importUpload = z.object({
  import: friendImport,
  headers: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  /** The preset the headers look like, with its mapping of these headers. */
  suggested: importMapping,
  /** The account's mapping of its last run, when it fits these headers. */
  saved: importMapping.nullable(),
});
export type ImportUpload = z.infer<typeof importUpload>;

export const IMPORT_OUTCOMES = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

const labelCount = z.object({ name: z.string(), friends: z.number().int(), new: z.boolean() });

/** The dry run: what the run would do, computed from the file and the channel, writing nothing. */
export const importPreview = z.object({
  total_rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
  tags: z.array(labelCount),
  marks: z.array(labelCount),
  fields: z.array(labelCount),
  /** The first rows as they would be written. */
  rows: z.array(
    z.object({
      line: z.number().int(),
      outcome: z.enum(IMPORT_OUTCOMES),
      line_user_id: z.string(),
      display_name: z.string(),
      followed_at: timestamp.nullable(),
      blocked: z.boolean().nullable(),
      score: z.number().int().nullable(),
      tags: z.array(z.string()),
      marks: z.array(z.string()),
      fields: z.array(z.object({ name: z.string(), value: z.string() })),
    }),
  ),
  /** Row errors with their line numbers (the file's, header = line 1), the first IMPORT_ERRORS_SHOWN. */
  row_errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type ImportPreview = z.infer<typeof importPreview>;
export const IMPORT_ERRORS_SHOWN = 1000;
export const IMPORT_PREVIEW_ROWS = 20;

export const importListQuery = z.object({ line_account_id: id });
const importParams = z.object({ id });
const access = heldBy('account_owner');
const owner = { none: 'the account owner moves friends in from another tool' };

export const takeoversApi = {
  list: endpoint({
    method: 'GET',
    path: '/account/takeovers/imports',
    summary: "A channel's friend imports, newest first",
    access,
    query: importListQuery,
    response: dataOf(z.array(friendImport)),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/account/takeovers/imports',
    summary: 'Upload a friends CSV (multipart, field "file") for one of the account\'s channels',
    access,
    permission: owner,
    query: importListQuery,
    response: dataOf(importUpload),
    successStatus: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/takeovers/imports/:id',
    summary: 'An import with its headers, first rows and suggested mapping',
    access,
    params: importParams,
    response: dataOf(importUpload),
  }),
  dryRun: endpoint({
    method: 'POST',
    path: '/account/takeovers/imports/:id/dry_run',
    summary: 'What the import would create and change with this mapping (writes nothing)',
    access,
    permission: owner,
    params: importParams,
    body: importMapping,
    response: dataOf(importPreview),
  }),
  run: endpoint({
    method: 'POST',
    path: '/account/takeovers/imports/:id/run',
    summary: "Run the import in the background with this mapping (saved as the account's mapping)",
    access,
    permission: owner,
    params: importParams,
    body: importMapping,
    response: dataOf(friendImport),
    successStatus: 202,
  }),
  undo: endpoint({
    method: 'POST',
    path: '/account/takeovers/imports/:id/undo',
    summary: "Undo the channel's last import: what it created is removed, what it changed restored",
    access,
    permission: owner,
    params: importParams,
    response: dataOf(friendImport),
  }),
  report: endpoint({
    method: 'GET',
    path: '/account/takeovers/imports/:id/report',
    summary: "The import's outcome per row, as CSV",
    access,
    params: importParams,
    response: z.string(),
    contentType: 'text/csv',
  }),
};

/** Values of a per-tag column (and of the blocked column) that mean yes. */
const YES = new Set(['1', '○', '〇', '◯', '●', 'true', 'yes', 'y', 'on', 'あり', '有', 'はい']);
const BLOCKED_WORDS = new Set(['ブロック', 'ブロック中', 'blocked', 'ブロックされている']);
export const isYes = (value: string): boolean => YES.has(value.trim().toLowerCase());
export const isBlockedValue = (value: string): boolean => isYes(value) || BLOCKED_WORDS.has(value.trim().toLowerCase());

interface PresetColumns {
  line_user_id: string[];
  tool_id: string[];
  display_name: string[];
  followed_at: string[];
  blocked: string[];
  score: string[];
  tags_column: string[];
  marks_column: string[];
  /** Headers that are the tool's own bookkeeping, neither tags nor info fields. */
  ignored: string[];
  /** A header prefix naming a per-tag column (the rest is the tag's name). */
  tag_prefix: string | null;
}

/*
 * Headers of the tools' friend-list CSV exports, as far as their public manuals describe them
 * (assumption: the manuals list the items of the export screen; exact spellings vary by version, so
 * several are accepted). Lステップ and Liny name the friend by their own number (ID) and export one
 * column per tag; エルメ exports the LINE user id and the tags in one column.
 */
export const PRESET_COLUMNS: Record<ImportPreset, PresetColumns> = {
  lstep: {
    line_user_id: ['LINEユーザーID', 'ユーザーID', 'UID'],
    tool_id: ['ID', '友だちID'],
    display_name: ['表示名', 'LINE登録名', 'システム表示名'],
    followed_at: ['登録(友だち登録)日時', '友だち登録日時', '登録日時', '友だち追加日時'],
    blocked: ['ユーザーブロック', 'ブロック'],
    score: ['スコア'],
    tags_column: [],
    marks_column: ['対応マーク'],
    ignored: [
      '本名',
      'ステータスメッセージ',
      '個別メモ',
      '表示状態',
      '最終メッセージ',
      '最終メッセージ日時',
      '購読中シナリオ',
      'シナリオ日数',
    ],
    tag_prefix: 'タグ:',
  },
  lme: {
    line_user_id: ['LINEユーザーID', 'ユーザーID', 'LINE ID', 'line_user_id'],
    tool_id: ['友だちID', 'ID'],
    display_name: ['LINE名', '表示名', 'LINE表示名', '名前'],
    followed_at: ['友だち追加日時', '友だち登録日時', '登録日時'],
    blocked: ['ブロック', 'ブロック状態'],
    score: ['スコア', 'ポイント'],
    tags_column: ['タグ'],
    marks_column: ['対応マーク', 'マーク'],
    ignored: ['ステータスメッセージ', 'メモ', '最終メッセージ日時', '流入経路'],
    tag_prefix: null,
  },
  liny: {
    line_user_id: ['LINEユーザーID', 'ユーザーID', 'UID'],
    tool_id: ['ID', '顧客ID'],
    display_name: ['LINE名', '表示名', '名前'],
    followed_at: ['友だち登録日時', '登録日時', '友だち追加日'],
    blocked: ['ブロック', 'ブロック状態', 'ステータス'],
    score: ['スコア'],
    tags_column: [],
    marks_column: ['対応状況', '対応マーク'],
    ignored: ['メモ', '最終メッセージ日時', 'シナリオ', '流入経路'],
    tag_prefix: '[タグ]',
  },
  generic: {
    line_user_id: ['line_user_id', 'LINEユーザーID', 'ユーザーID', 'user_id', 'userId', 'UID'],
    tool_id: ['id', 'ID'],
    display_name: ['display_name', '表示名', 'LINE名', '名前', 'name'],
    followed_at: ['followed_at', '友だち追加日時', '友だち登録日時', '登録日時'],
    blocked: ['blocked', 'ブロック', 'status'],
    score: ['score', 'スコア'],
    tags_column: ['tags', 'タグ'],
    marks_column: ['marks', 'マーク', '対応マーク'],
    ignored: [],
    tag_prefix: null,
  },
};

const firstOf = (headers: readonly string[], names: readonly string[]): string | null =>
  names.find((name) => headers.includes(name)) ?? null;

/**
 * The preset's mapping of these headers. A column it does not name becomes a per-tag column when
 * it carries the preset's tag prefix, or when every sample value is yes/no-like (1/0, ○, true);
 * otherwise an info field of the column's name.
 */
export function presetMapping(
  preset: ImportPreset,
  headers: readonly string[],
  sample: readonly string[][] = [],
): ImportMapping {
  const columns = PRESET_COLUMNS[preset];
  const pick = (names: string[]) => firstOf(headers, names);
  const mapping: ImportMapping = {
    preset,
    line_user_id: pick(columns.line_user_id),
    tool_id: pick(columns.tool_id),
    display_name: pick(columns.display_name),
    followed_at: pick(columns.followed_at),
    blocked: pick(columns.blocked),
    score: pick(columns.score),
    tags_column: pick(columns.tags_column),
    tag_delimiter: ',',
    tag_columns: [],
    marks_column: pick(columns.marks_column),
    info_fields: [],
  };
  const taken = new Set<string | null>([
    mapping.line_user_id,
    mapping.tool_id,
    mapping.display_name,
    mapping.followed_at,
    mapping.blocked,
    mapping.score,
    mapping.tags_column,
    mapping.marks_column,
    ...columns.ignored,
  ]);
  headers.forEach((header, index) => {
    if (header === '' || taken.has(header)) return;
    const values = sample.map((row) => (row[index] ?? '').trim()).filter((value) => value !== '');
    const flagLike =
      values.length > 0 &&
      values.every((value) => isYes(value) || ['0', '×', 'false', 'no'].includes(value.toLowerCase()));
    if ((columns.tag_prefix && header.startsWith(columns.tag_prefix)) || flagLike) mapping.tag_columns.push(header);
    else if (mapping.info_fields.length < 100) mapping.info_fields.push({ column: header, name: header.slice(0, 50) });
  });
  return mapping;
}

/** The tag a per-tag column stands for: its header without the preset's prefix. */
export function tagOfColumn(preset: ImportPreset, header: string): string {
  const prefix = PRESET_COLUMNS[preset].tag_prefix;
  return (prefix && header.startsWith(prefix) ? header.slice(prefix.length) : header).trim();
}

/** The preset whose columns the headers match best (generic when none stands out). */
export function detectPreset(headers: readonly string[]): ImportPreset {
  let best: ImportPreset = 'generic';
  let bestScore = 0;
  for (const preset of IMPORT_PRESETS) {
    const columns = PRESET_COLUMNS[preset];
    const named = [
      ...columns.line_user_id,
      ...columns.tool_id,
      ...columns.display_name,
      ...columns.followed_at,
      ...columns.blocked,
      ...columns.marks_column,
      ...columns.tags_column,
      ...columns.ignored,
    ];
    let score = headers.filter((header) => named.includes(header)).length;
    if (columns.tag_prefix) score += headers.some((header) => header.startsWith(columns.tag_prefix ?? '')) ? 3 : 0;
    if (score > bestScore) {
      best = preset;
      bestScore = score;
    }
  }
  return best;
}

/** Whether every column a mapping names is one of these headers (a saved mapping fits the file). */
export function mappingFits(mapping: ImportMapping, headers: readonly string[]): boolean {
  const named = [
    mapping.line_user_id,
    mapping.tool_id,
    mapping.display_name,
    mapping.followed_at,
    mapping.blocked,
    mapping.score,
    mapping.tags_column,
    mapping.marks_column,
    ...mapping.tag_columns,
    ...mapping.info_fields.map((field) => field.column),
  ].filter((name): name is string => name !== null);
  return named.length > 0 && named.every((name) => headers.includes(name));
}
