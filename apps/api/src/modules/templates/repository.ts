import type { ChannelScope, PlatformScope } from '../../platform/principal.ts';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ActionType, BuilderMessage, MessageType } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import { folders } from '../folders/schema.ts';
import { messageTemplateActions, messageTemplates } from './schema.ts';
import { containsPattern } from '../../platform/sql.ts';

/**
 * Whose templates, a scope: one channel's, or the platform's teppan templates (no channel). Every
 * query takes it and is scoped by it, so a template id of another channel (or a teppan id in a
 * channel's call, and the reverse) finds nothing.
 */
export type TemplateOwner = ChannelScope | PlatformScope;

export type TemplateRow = typeof messageTemplates.$inferSelect;
export type TemplateListRow = TemplateRow & { folderName: string | null };

export interface TemplateFilter {
  messageType?: MessageType | undefined;
  folderId?: number | undefined;
  name?: string | undefined;
  page: number;
  limit: number;
}

export interface TemplateValues {
  folderId: number | null;
  name: string;
  message: BuilderMessage;
}

/** One tappable action of a template as message_template_actions keeps it. */
export interface ActionRow {
  id: number;
  label: string;
  actionType: ActionType;
  score: number;
}

const channelOf = (owner: TemplateOwner) => (owner.level === 'channel' ? owner.lineAccountId : null);

/** Action rows carry their template's channel (null for teppan). */
const ownedActions = (owner: TemplateOwner) =>
  owner.level === 'channel'
    ? eq(messageTemplateActions.lineAccountId, owner.lineAccountId)
    : isNull(messageTemplateActions.lineAccountId);

const owned = (owner: TemplateOwner, ...conditions: (SQL | undefined)[]) =>
  and(
    owner.level === 'channel'
      ? eq(messageTemplates.lineAccountId, owner.lineAccountId)
      : isNull(messageTemplates.lineAccountId),
    ...conditions,
  );

/** The owner's templates, last updated first, with their folder's name. */
export async function list(
  db: Db,
  owner: TemplateOwner,
  filter: TemplateFilter,
): Promise<{ rows: TemplateListRow[]; total: number }> {
  const where = owned(
    owner,
    filter.messageType ? eq(messageTemplates.messageType, filter.messageType) : undefined,
    filter.folderId !== undefined ? eq(messageTemplates.folderId, filter.folderId) : undefined,
    filter.name ? ilike(messageTemplates.name, containsPattern(filter.name)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ template: messageTemplates, folderName: folders.name })
      .from(messageTemplates)
      .leftJoin(folders, eq(folders.id, messageTemplates.folderId))
      .where(where)
      .orderBy(desc(messageTemplates.updatedAt), desc(messageTemplates.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(messageTemplates).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.template, folderName: r.folderName })), total: total?.n ?? 0 };
}

/** The owner's template; `forUpdate` locks it until the transaction ends (a save reads, then writes). */
export async function find(
  db: Db,
  owner: TemplateOwner,
  id: number,
  forUpdate = false,
): Promise<TemplateRow | undefined> {
  const query = db
    .select()
    .from(messageTemplates)
    .where(owned(owner, eq(messageTemplates.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insert(
  db: Db,
  owner: TemplateOwner,
  values: TemplateValues & { messageType: MessageType; createdByUserId: number },
): Promise<TemplateRow> {
  const [row] = await db
    .insert(messageTemplates)
    .values({ ...values, lineAccountId: channelOf(owner) })
    .returning();
  if (!row) throw new Error('template insert returned nothing');
  return row;
}

/** The updated row, or undefined when the template is not the owner's. */
export async function update(
  db: Db,
  owner: TemplateOwner,
  id: number,
  values: TemplateValues,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(messageTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(owned(owner, eq(messageTemplates.id, id)))
    .returning();
  return row;
}

/** Whether the template was the owner's (and so deleted, with its actions). */
export async function remove(db: Db, owner: TemplateOwner, id: number): Promise<boolean> {
  const rows = await db
    .delete(messageTemplates)
    .where(owned(owner, eq(messageTemplates.id, id)))
    .returning({ id: messageTemplates.id });
  return rows.length > 0;
}

/** `n` fresh ids for new nested items, from the one sequence of all message items. */
export async function nextItemIds(db: Db, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await db
    .select({ id: sql<number>`nextval('message_item_id_seq')`.mapWith(Number) })
    .from(sql`generate_series(1, ${n}::int)`);
  return rows.map((r) => r.id);
}

/** The owner's template's actions as last saved. */
export async function actionsOf(db: Db, owner: TemplateOwner, templateId: number): Promise<ActionRow[]> {
  return db
    .select({
      id: messageTemplateActions.id,
      label: messageTemplateActions.label,
      actionType: messageTemplateActions.actionType,
      score: messageTemplateActions.score,
    })
    .from(messageTemplateActions)
    .where(and(eq(messageTemplateActions.templateId, templateId), ownedActions(owner)));
}

/** Brings the template's action rows to `changes`: new ones inserted, changed ones updated, removed ones deleted. */
export async function writeActions(
  db: Db,
  owner: TemplateOwner,
  templateId: number,
  changes: { inserted: ActionRow[]; updated: ActionRow[]; removedIds: number[] },
): Promise<void> {
  if (changes.removedIds.length > 0) {
    await db
      .delete(messageTemplateActions)
      .where(
        and(
          eq(messageTemplateActions.templateId, templateId),
          ownedActions(owner),
          inArray(messageTemplateActions.id, changes.removedIds),
        ),
      );
  }
  if (changes.inserted.length > 0) {
    const lineAccountId = channelOf(owner);
    await db
      .insert(messageTemplateActions)
      .values(changes.inserted.map((action) => ({ ...action, templateId, lineAccountId })));
  }
  for (const { id, ...values } of changes.updated) {
    await db
      .update(messageTemplateActions)
      .set(values)
      .where(
        and(eq(messageTemplateActions.id, id), eq(messageTemplateActions.templateId, templateId), ownedActions(owner)),
      );
  }
}

/** The action a friend of this channel tapped (by the id in the postback data); undefined for another channel's or an unknown id. */
export async function channelAction(
  db: Db,
  { lineAccountId }: ChannelScope,
  actionId: number,
): Promise<{ label: string; score: number } | undefined> {
  const [row] = await db
    .select({ label: messageTemplateActions.label, score: messageTemplateActions.score })
    .from(messageTemplateActions)
    .where(and(eq(messageTemplateActions.id, actionId), eq(messageTemplateActions.lineAccountId, lineAccountId)));
  return row;
}

/** The message of the channel's template that has the action (the message item id a tap names). */
export async function channelActionMessage(
  db: Db,
  { lineAccountId }: ChannelScope,
  actionId: number,
): Promise<BuilderMessage | undefined> {
  const [row] = await db
    .select({ message: messageTemplates.message })
    .from(messageTemplateActions)
    .innerJoin(messageTemplates, eq(messageTemplates.id, messageTemplateActions.templateId))
    .where(
      and(
        eq(messageTemplateActions.id, actionId),
        eq(messageTemplateActions.lineAccountId, lineAccountId),
        eq(messageTemplates.lineAccountId, lineAccountId),
      ),
    );
  return row?.message;
}

/** The folder's name when it is one of the owner's template folders (channel folders, or admin folders for teppan). */
export async function templateFolderName(db: Db, owner: TemplateOwner, folderId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: folders.name })
    .from(folders)
    .where(
      and(
        eq(folders.id, folderId),
        eq(folders.folderType, 'templates'),
        owner.level === 'channel'
          ? and(eq(folders.scope, 'service'), eq(folders.lineAccountId, owner.lineAccountId))
          : and(eq(folders.scope, 'admin'), isNull(folders.lineAccountId)),
      ),
    );
  return row?.name;
}

/** A page of the channel's own templates (no teppan) in id order, for the full export (channel-exports). */
export async function channelTemplatesPageForExport(
  db: Db,
  { lineAccountId }: ChannelScope,
  afterId: number,
  limit: number,
) {
  return db
    .select({
      id: messageTemplates.id,
      name: messageTemplates.name,
      messageType: messageTemplates.messageType,
      message: messageTemplates.message,
      createdAt: messageTemplates.createdAt,
      updatedAt: messageTemplates.updatedAt,
    })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.lineAccountId, lineAccountId), gt(messageTemplates.id, afterId)))
    .orderBy(asc(messageTemplates.id))
    .limit(limit);
}
