import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type {
  FormActions,
  FormActionSnapshot,
  FormAnswerItem,
  FormField,
  FormSettings,
  FormValues,
} from '@linq/contract';
import { inTurn, rowsOf, type Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { containsPattern, exactTime, olderThan } from '../../platform/sql.ts';
import { folders } from '../folders/schema.ts';
import { friendInfoFields, friends } from '../friends/schema.ts';
import { marks, tags } from '../labels/schema.ts';
import { plans } from '../plans/schema.ts';
import { richMenus } from '../rich-menus/schema.ts';
import { users } from '../sessions/schema.ts';
import { messageTemplates } from '../templates/schema.ts';
import { formAnswers, formHistory, forms, formUploads } from './schema.ts';

/* Every query of the forms module; each takes the channel's scope first (the public page's lookups say why not). */

export type FormRow = typeof forms.$inferSelect;
export interface FormValuesRow {
  name: string;
  folderId: number | null;
  title: string;
  description: string;
  fields: FormField[];
  settings: FormSettings;
  actions: FormActions;
}

const ownForm = (scope: ChannelScope, ...more: SQL[]) => and(eq(forms.lineAccountId, scope.lineAccountId), ...more);

export async function findForm(db: Db, scope: ChannelScope, id: number): Promise<FormRow | undefined> {
  const [row] = await db
    .select()
    .from(forms)
    .where(ownForm(scope, eq(forms.id, id)));
  return row;
}

/** The form under its row lock, for an answer's transaction (the count and the once-per-friend rule hold under it). */
export async function lockForm(db: Db, scope: ChannelScope, id: number): Promise<FormRow | undefined> {
  const [row] = await db
    .select()
    .from(forms)
    .where(ownForm(scope, eq(forms.id, id)))
    .for('update');
  return row;
}

/** The public page's form by its id (from a verified signed link, which names no channel): the row tells its channel. */
export async function formByIdUnscoped(db: Db, id: number): Promise<FormRow | undefined> {
  const [row] = await db.select().from(forms).where(eq(forms.id, id));
  return row;
}

/** The public page's form by its public code (anonymous answers). */
export async function formByCodeUnscoped(db: Db, code: string): Promise<FormRow | undefined> {
  const [row] = await db.select().from(forms).where(eq(forms.publicCode, code));
  return row;
}

export async function listForms(
  db: Db,
  scope: ChannelScope,
  query: { folderId?: number | undefined; name?: string | undefined; page: number; limit: number },
): Promise<{ rows: FormRow[]; total: number }> {
  const pattern = query.name ? containsPattern(query.name) : null;
  const where = ownForm(
    scope,
    ...(query.folderId !== undefined ? [eq(forms.folderId, query.folderId)] : []),
    ...(pattern ? [sql`(${ilike(forms.name, pattern)} or ${ilike(forms.title, pattern)})`] : []),
  );
  const [rows, [total]] = await inTurn(
    () =>
      db
        .select()
        .from(forms)
        .where(where)
        .orderBy(desc(forms.updatedAt), desc(forms.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
    () => db.select({ n: count() }).from(forms).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function insertForm(
  db: Db,
  scope: ChannelScope,
  values: FormValuesRow & { publicCode: string },
): Promise<FormRow> {
  const [row] = await db
    .insert(forms)
    .values({ lineAccountId: scope.lineAccountId, ...values })
    .returning();
  if (!row) throw new Error('form insert returned nothing');
  return row;
}

export async function updateForm(db: Db, scope: ChannelScope, id: number, values: FormValuesRow): Promise<void> {
  await db
    .update(forms)
    .set({ ...values, updatedAt: new Date() })
    .where(ownForm(scope, eq(forms.id, id)));
}

export async function deleteForm(db: Db, scope: ChannelScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(forms)
    .where(ownForm(scope, eq(forms.id, id)))
    .returning({ id: forms.id });
  return rows.length > 0;
}

export async function countAnswer(db: Db, scope: ChannelScope, formId: number): Promise<void> {
  await db
    .update(forms)
    .set({ answerCount: sql`${forms.answerCount} + 1` })
    .where(ownForm(scope, eq(forms.id, formId)));
}

export type OwnKind = 'folders' | 'tags' | 'marks' | 'plans' | 'rich_menus' | 'info_fields' | 'templates' | 'forms';

/** Which of `ids` are the channel's own items of `kind` (folders: of the forms type). */
export async function ownIds(db: Db, scope: ChannelScope, kind: OwnKind, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const table = {
    folders,
    tags,
    marks,
    plans,
    rich_menus: richMenus,
    info_fields: friendInfoFields,
    templates: messageTemplates,
    forms,
  }[kind];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.lineAccountId, scope.lineAccountId),
        inArray(table.id, unique),
        ...(kind === 'folders' ? [eq(folders.folderType, 'forms')] : []),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export type AnswerRow = typeof formAnswers.$inferSelect;

export async function answerBySubmission(
  db: Db,
  scope: ChannelScope,
  formId: number,
  submissionId: string,
): Promise<AnswerRow | undefined> {
  const [row] = await db
    .select()
    .from(formAnswers)
    .where(
      and(
        eq(formAnswers.lineAccountId, scope.lineAccountId),
        eq(formAnswers.formId, formId),
        eq(formAnswers.submissionId, submissionId),
      ),
    );
  return row;
}

/** The friend's latest answer to the form. */
export async function answerOfFriend(
  db: Db,
  scope: ChannelScope,
  formId: number,
  friendId: number,
): Promise<AnswerRow | undefined> {
  const [row] = await db
    .select()
    .from(formAnswers)
    .where(
      and(
        eq(formAnswers.lineAccountId, scope.lineAccountId),
        eq(formAnswers.formId, formId),
        eq(formAnswers.friendId, friendId),
      ),
    )
    .orderBy(desc(formAnswers.answeredAt), desc(formAnswers.id))
    .limit(1);
  return row;
}

export async function insertAnswer(
  db: Db,
  scope: ChannelScope,
  values: {
    formId: number;
    friendId: number | null;
    submissionId: string;
    values: FormValues;
    items: FormAnswerItem[];
    answeredAt: Date;
  },
): Promise<AnswerRow> {
  const [row] = await db
    .insert(formAnswers)
    .values({ lineAccountId: scope.lineAccountId, ...values })
    .returning();
  if (!row) throw new Error('answer insert returned nothing');
  return row;
}

export async function editAnswer(
  db: Db,
  scope: ChannelScope,
  id: number,
  values: { values: FormValues; items: FormAnswerItem[]; editedAt: Date; submissionId: string },
): Promise<void> {
  await db
    .update(formAnswers)
    .set(values)
    .where(and(eq(formAnswers.lineAccountId, scope.lineAccountId), eq(formAnswers.id, id)));
}

export interface AnswerFilter {
  formId?: number | undefined;
  friendId?: number | undefined;
  friendName?: string | undefined;
  /** answered_at in [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
}

const friendName = sql<string>`coalesce(${friends.displayNameOverride}, ${friends.displayName})`;

function answerWhere(scope: ChannelScope, filter: AnswerFilter) {
  return and(
    eq(formAnswers.lineAccountId, scope.lineAccountId),
    ...(filter.formId !== undefined ? [eq(formAnswers.formId, filter.formId)] : []),
    ...(filter.friendId !== undefined ? [eq(formAnswers.friendId, filter.friendId)] : []),
    ...(filter.friendName
      ? [
          sql`(${ilike(friends.displayName, containsPattern(filter.friendName))} or ${ilike(
            friends.displayNameOverride,
            containsPattern(filter.friendName),
          )})`,
        ]
      : []),
    ...(filter.from ? [gte(formAnswers.answeredAt, filter.from)] : []),
    ...(filter.to ? [lt(formAnswers.answeredAt, filter.to)] : []),
  );
}

const answerColumns = {
  id: formAnswers.id,
  formId: formAnswers.formId,
  formName: forms.name,
  friendId: formAnswers.friendId,
  friendName,
  values: formAnswers.values,
  items: formAnswers.items,
  answeredAt: formAnswers.answeredAt,
  editedAt: formAnswers.editedAt,
};
export interface AnswerListRow {
  id: number;
  formId: number;
  formName: string;
  friendId: number | null;
  friendName: string | null;
  values: FormValues;
  items: FormAnswerItem[];
  answeredAt: Date;
  editedAt: Date | null;
}

export async function listAnswers(
  db: Db,
  scope: ChannelScope,
  filter: AnswerFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AnswerListRow[]; total: number }> {
  const where = answerWhere(scope, filter);
  const [rows, [total]] = await inTurn(
    () =>
      db
        .select(answerColumns)
        .from(formAnswers)
        .innerJoin(forms, eq(forms.id, formAnswers.formId))
        .leftJoin(friends, eq(friends.id, formAnswers.friendId))
        .where(where)
        .orderBy(desc(formAnswers.answeredAt), desc(formAnswers.id))
        .limit(page.limit)
        .offset(page.offset),
    () =>
      db.select({ n: count() }).from(formAnswers).leftJoin(friends, eq(friends.id, formAnswers.friendId)).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function findAnswer(db: Db, scope: ChannelScope, id: number): Promise<AnswerListRow | undefined> {
  const [row] = await db
    .select(answerColumns)
    .from(formAnswers)
    .innerJoin(forms, eq(forms.id, formAnswers.formId))
    .leftJoin(friends, eq(friends.id, formAnswers.friendId))
    .where(and(eq(formAnswers.lineAccountId, scope.lineAccountId), eq(formAnswers.id, id)));
  return row;
}

/**
 * Per answered key: how many answers hold it, and per value (each element of a list) how many: the
 * summary's figures, counted in the database.
 */
export async function answerCounts(
  db: Db,
  scope: ChannelScope,
  filter: AnswerFilter,
): Promise<{ answered: Map<string, number>; values: Map<string, Map<string, number>> }> {
  const where = answerWhere(scope, filter);
  const picked = db
    .select({ id: formAnswers.id, values: formAnswers.values })
    .from(formAnswers)
    .leftJoin(friends, eq(friends.id, formAnswers.friendId))
    .where(where)
    .as('picked');
  const answeredRows = rowsOf<{ key: string; n: number }>(
    await db.execute(sql`
      select kv.key, count(*)::int as n
      from ${picked} cross join lateral jsonb_each(picked.values) kv
      group by kv.key`),
  );
  const valueRows = rowsOf<{ key: string; value: string; n: number }>(
    await db.execute(sql`
      select kv.key, v.value, count(*)::int as n
      from ${picked} cross join lateral jsonb_each(picked.values) kv
      cross join lateral jsonb_array_elements_text(
        case jsonb_typeof(kv.value) when 'array' then kv.value when 'string' then jsonb_build_array(kv.value) else '[]'::jsonb end
      ) v(value)
      group by kv.key, v.value`),
  );
  const values = new Map<string, Map<string, number>>();
  for (const row of valueRows) {
    const perKey = values.get(row.key) ?? new Map<string, number>();
    perKey.set(row.value, Number(row.n));
    values.set(row.key, perKey);
  }
  return { answered: new Map(answeredRows.map((row) => [row.key, Number(row.n)])), values };
}

export async function insertHistory(
  db: Db,
  scope: ChannelScope,
  entry: {
    formId: number;
    kind: 'created' | 'actions_changed';
    userId: number | null;
    before: FormActionSnapshot | null;
    after: FormActionSnapshot;
  },
): Promise<void> {
  const [actor] =
    entry.userId === null ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, entry.userId));
  await db.insert(formHistory).values({ lineAccountId: scope.lineAccountId, ...entry, actorName: actor?.name ?? null });
}

export async function historyOf(db: Db, scope: ChannelScope, formId: number) {
  return db
    .select()
    .from(formHistory)
    .where(and(eq(formHistory.lineAccountId, scope.lineAccountId), eq(formHistory.formId, formId)))
    .orderBy(desc(formHistory.createdAt), desc(formHistory.id));
}

export async function insertUpload(
  db: Db,
  scope: ChannelScope,
  values: { formId: number; token: string; url: string },
): Promise<void> {
  await db.insert(formUploads).values({ lineAccountId: scope.lineAccountId, ...values });
}

/** The addresses of the form's uploads among `tokens`, by token (another form's or an unknown token is absent). */
export async function uploadsOf(
  db: Db,
  scope: ChannelScope,
  formId: number,
  tokens: string[],
): Promise<Map<string, string>> {
  if (tokens.length === 0) return new Map();
  const rows = await db
    .select({ token: formUploads.token, url: formUploads.url })
    .from(formUploads)
    .where(
      and(
        eq(formUploads.lineAccountId, scope.lineAccountId),
        eq(formUploads.formId, formId),
        inArray(formUploads.token, tokens),
      ),
    );
  return new Map(rows.map((row) => [row.token, row.url]));
}

/** The friend's answers as talk entries, newest first by (time, id), older than `before`. */
export async function talkAnswers(
  db: Db,
  scope: ChannelScope,
  friendId: number,
  before: { at: string; id: number } | null,
  limit: number,
) {
  return db
    .select({
      id: formAnswers.id,
      at: exactTime(formAnswers.answeredAt),
      formId: formAnswers.formId,
      formName: forms.name,
      formTitle: forms.title,
    })
    .from(formAnswers)
    .innerJoin(forms, eq(forms.id, formAnswers.formId))
    .where(
      and(
        eq(formAnswers.lineAccountId, scope.lineAccountId),
        eq(formAnswers.friendId, friendId),
        ...(before ? [olderThan(formAnswers.answeredAt, formAnswers.id, before)] : []),
      ),
    )
    .orderBy(desc(formAnswers.answeredAt), desc(formAnswers.id))
    .limit(limit);
}

/** The channel's friend (for the answer's friend and mapped fields), or undefined. */
export async function channelFriendId(db: Db, scope: ChannelScope, friendId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: friends.id })
    .from(friends)
    .where(and(eq(friends.lineAccountId, scope.lineAccountId), eq(friends.id, friendId)));
  return row?.id;
}

/** Per form of the channel, how many of these friends (a subquery of friend ids) answered it, most first. */
export async function formsAnsweredBy(db: Db, scope: ChannelScope, friendIds: SQL) {
  return db
    .select({ label: forms.name, count: sql<number>`count(distinct ${formAnswers.friendId})::int` })
    .from(formAnswers)
    .innerJoin(forms, and(eq(forms.lineAccountId, formAnswers.lineAccountId), eq(forms.id, formAnswers.formId)))
    .where(and(eq(formAnswers.lineAccountId, scope.lineAccountId), sql`${formAnswers.friendId} in ${friendIds}`))
    .groupBy(forms.id, forms.name)
    .orderBy(desc(sql`count(distinct ${formAnswers.friendId})`), forms.name);
}

/** A page of the channel's forms in id order, for the full export (channel-exports). */
export async function formsPageForExport(
  db: Db,
  scope: ChannelScope,
  afterId: number,
  limit: number,
): Promise<FormRow[]> {
  return db
    .select()
    .from(forms)
    .where(and(eq(forms.lineAccountId, scope.lineAccountId), gt(forms.id, afterId)))
    .orderBy(asc(forms.id))
    .limit(limit);
}

/** A page of the channel's form answers in id order, for the full export (channel-exports). */
export async function answersPageForExport(db: Db, scope: ChannelScope, afterId: number, limit: number) {
  return db
    .select({
      id: formAnswers.id,
      formId: formAnswers.formId,
      friendId: formAnswers.friendId,
      items: formAnswers.items,
      answeredAt: formAnswers.answeredAt,
      editedAt: formAnswers.editedAt,
    })
    .from(formAnswers)
    .where(and(eq(formAnswers.lineAccountId, scope.lineAccountId), gt(formAnswers.id, afterId)))
    .orderBy(asc(formAnswers.id))
    .limit(limit);
}
