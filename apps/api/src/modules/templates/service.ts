import type { z } from 'zod';
import {
  attributesPath,
  changedItems,
  fromSavePayload,
  TEMPLATE_NAME_MAX,
  validateMessage,
  type BuilderMessage,
  type copyTemplateInput,
  type EndpointOutput,
  type MessageIssue,
  type TemplateDetail,
  type TemplateListItem,
  type templateListQuery,
  type TemplateSavePayload,
  type templatesApi,
  type UploadedImage,
  type ValidationErrors,
  listPage,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { PLATFORM_SCOPE, type ChannelRequest } from '../../platform/principal.ts';
import { storeImage } from '../files/service.ts';
import { sendTemplate, TEMPLATE_NOUN } from '../talks/service.ts';
import { actionRowsOf, keepRelevantParts, newItemCount, unknownIds, withNewIds, withoutIds } from './items.ts';
import { messageRefusal } from './line-message.ts';
import * as repo from './repository.ts';

export const NAME_REQUIRED_MESSAGE = 'テンプレート名を入力してください';
export const NAME_TOO_LONG_MESSAGE = `テンプレート名は${TEMPLATE_NAME_MAX}文字以内にしてください`;
export const FOLDER_MESSAGE = 'テンプレートのフォルダを選んでください';
export const TYPE_CHANGED_MESSAGE = '保存済みのテンプレートのメッセージの種類は変更できません';
export const COPY_SUFFIX = 'のコピー';

/** The save format's keys of the template's own fields and of the message type, as 422 answers name them. */
export const NAME_FIELD = 'template_attributes.name';
export const FOLDER_FIELD = 'template_attributes.folder_id';
export const MESSAGE_TYPE_FIELD = 'message_attributes.message_type';
/** A problem of the message as a whole (what it names). */
export const MESSAGE_FIELD = 'message_attributes';

/**
 * Where the plan editor draws a template's one box (spec section 9: the first box, box-0, at x 250,
 * y 50; the default box width 150). The height is the editor's box height for one message.
 */
export const TEMPLATE_BOX_LAYOUT = { box_id: 'box-0', x: 250, y: 50, box_width: 150, box_height: 100 } as const;

/** Who acts on templates: whose templates (every query is scoped by it) and the user recorded as creator. */
export interface TemplateCaller {
  owner: repo.TemplateOwner;
  userId: number;
}

type ListQuery = z.output<typeof templateListQuery>;
type CopyInput = z.output<typeof copyTemplateInput>;

export async function list(
  ctx: AppContext,
  owner: repo.TemplateOwner,
  query: ListQuery,
): Promise<EndpointOutput<typeof templatesApi.list>> {
  const { rows, total } = await repo.list(ctx.database.db, owner, {
    messageType: query.message_type,
    folderId: query.folder_id,
    name: query.name,
    page: query.page,
    limit: query.limit,
  });
  return listPage(rows.map(listItem), total, query);
}

export async function get(ctx: AppContext, owner: repo.TemplateOwner, id: number): Promise<TemplateDetail> {
  return detail(await findOrFail(ctx.database.db, owner, id));
}

/**
 * Creates (id null) or saves a template from the save format. Every problem is answered at once as
 * a 422 keyed by the save format's path: the name, LINE's rules for the message type, a changed
 * message type, ids the template did not have, a folder that is not the owner's.
 */
export async function save(
  ctx: AppContext,
  caller: TemplateCaller,
  id: number | null,
  payload: TemplateSavePayload,
): Promise<TemplateDetail> {
  const state = fromSavePayload(payload);
  const message = keepRelevantParts(state.message);
  const errors = new FieldErrors();
  const name = state.template.name;
  if (name === '') errors.add(NAME_FIELD, NAME_REQUIRED_MESSAGE);
  else if (name.length > TEMPLATE_NAME_MAX) errors.add(NAME_FIELD, NAME_TOO_LONG_MESSAGE);
  errors.addIssues(validateMessage(message));

  return ctx.database.db.transaction(async (tx) => {
    const existing = id === null ? null : await findOrFail(tx, caller.owner, id, true);
    if (existing && existing.messageType !== message.message_type) errors.add(MESSAGE_TYPE_FIELD, TYPE_CHANGED_MESSAGE);
    errors.addIssues(unknownIds(message, existing?.message ?? null));
    const folderId = state.template.folder_id;
    if (folderId !== null && !(await repo.templateFolderName(tx, caller.owner, folderId))) {
      errors.add(FOLDER_FIELD, FOLDER_MESSAGE);
    }
    const refused = await messageRefusal(ctx, tx, caller.owner, message);
    if (refused) errors.add(MESSAGE_FIELD, refused);
    errors.throwIfAny();

    const saved = withNewIds(message, await repo.nextItemIds(tx, newItemCount(message)));
    const values = { folderId, name, message: saved };
    const row = existing
      ? await repo.update(tx, caller.owner, existing.id, values)
      : await repo.insert(tx, caller.owner, {
          ...values,
          messageType: saved.message_type,
          createdByUserId: caller.userId,
        });
    if (!row) throw notFound(TEMPLATE_NOUN);
    await syncActions(
      tx,
      caller.owner,
      row.id,
      existing ? await repo.actionsOf(tx, caller.owner, row.id) : [],
      actionRowsOf(saved),
    );
    return detail(row);
  });
}

export async function remove(ctx: AppContext, owner: repo.TemplateOwner, id: number): Promise<{ id: number }> {
  if (!(await repo.remove(ctx.database.db, owner, id))) throw notFound(TEMPLATE_NOUN);
  return { id };
}

/** Copies one of the caller's templates beside it: name + 'のコピー', its own item ids, the given folder or the original's. */
export async function copy(
  ctx: AppContext,
  caller: TemplateCaller,
  id: number,
  input: CopyInput,
): Promise<TemplateDetail> {
  return ctx.database.db.transaction(async (tx) => {
    const original = await findOrFail(tx, caller.owner, id);
    const folderId = input.folder_id === undefined ? original.folderId : input.folder_id;
    await requireFolder(tx, caller.owner, folderId);
    return insertCopy(tx, caller, original, { name: copyName(original.name), folderId });
  });
}

/** Copies a teppan template into the caller's channel under its own name, in the given channel folder or none. */
export async function copyTeppan(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  input: CopyInput,
): Promise<TemplateDetail> {
  const caller: TemplateCaller = {
    owner: scope,
    userId: scope.userId,
  };
  return ctx.database.db.transaction(async (tx) => {
    const original = await findOrFail(tx, PLATFORM_SCOPE, id);
    const folderId = input.folder_id ?? null;
    await requireFolder(tx, caller.owner, folderId);
    return insertCopy(tx, caller, original, { name: original.name, folderId });
  });
}

/** Stores an image for a template (no send capability needed: nothing is sent yet). */
export async function uploadImage(ctx: AppContext, bytes: Buffer, consoleOrigin: string): Promise<UploadedImage> {
  return storeImage(ctx, bytes, consoleOrigin);
}

/** Sends the template to one friend of the channel as a test; it shows in the friend's talk like any send. */
export async function sendTest(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  friendId: number,
  consoleOrigin: string,
): Promise<{ message_id: number }> {
  const sent = await sendTemplate(
    ctx,
    scope,
    { templateId: id, friendId, templateField: 'template_id', testSend: true },
    consoleOrigin,
  );
  return { message_id: sent.id };
}

/** Field errors gathered over one save, answered together. */
class FieldErrors {
  private readonly errors: ValidationErrors = {};

  add(field: string, description: string): void {
    this.errors[field] ??= { description };
  }

  addIssues(issues: MessageIssue[]): void {
    for (const issue of issues) this.add(attributesPath(issue.path), issue.message);
  }

  throwIfAny(): void {
    const [first] = Object.values(this.errors);
    if (first) throw new AppError('validation', first.description, this.errors);
  }
}

async function findOrFail(db: Db, owner: repo.TemplateOwner, id: number, forUpdate = false): Promise<repo.TemplateRow> {
  const row = await repo.find(db, owner, id, forUpdate);
  if (!row) throw notFound(TEMPLATE_NOUN);
  return row;
}

async function requireFolder(db: Db, owner: repo.TemplateOwner, folderId: number | null): Promise<void> {
  if (folderId !== null && !(await repo.templateFolderName(db, owner, folderId))) {
    throw fieldError('folder_id', FOLDER_MESSAGE);
  }
}

/** The original's name with the copy suffix, cut so that the whole stays within the name limit. */
export function copyName(name: string): string {
  const room = TEMPLATE_NAME_MAX - COPY_SUFFIX.length;
  if (name.length <= room) return `${name}${COPY_SUFFIX}`;
  const cut = name.slice(0, room);
  // Never half of a surrogate pair.
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}${COPY_SUFFIX}`;
}

async function insertCopy(
  db: Db,
  caller: TemplateCaller,
  original: repo.TemplateRow,
  values: { name: string; folderId: number | null },
): Promise<TemplateDetail> {
  return detail(await insertTemplate(db, caller, { ...values, message: withoutIds(original.message) }));
}

/**
 * Stores a new template whose message has no ids yet (a copy, demo data; the caller checked it):
 * its items get ids from the sequence and its actions their rows.
 */
export async function insertTemplate(
  db: Db,
  caller: TemplateCaller,
  values: { name: string; folderId: number | null; message: BuilderMessage },
): Promise<repo.TemplateRow> {
  const fresh = keepRelevantParts(values.message);
  const message = withNewIds(fresh, await repo.nextItemIds(db, newItemCount(fresh)));
  const row = await repo.insert(db, caller.owner, {
    name: values.name,
    folderId: values.folderId,
    message,
    messageType: message.message_type,
    createdByUserId: caller.userId,
  });
  await syncActions(db, caller.owner, row.id, [], actionRowsOf(message));
  return row;
}

/** Brings message_template_actions to the saved message: new actions inserted, changed ones updated, removed ones deleted. */
async function syncActions(
  db: Db,
  owner: repo.TemplateOwner,
  templateId: number,
  previous: repo.ActionRow[],
  next: repo.ActionRow[],
): Promise<void> {
  const before = new Set(previous.map((row) => row.id));
  const after = new Set(next.map((row) => row.id));
  const changed = new Set(changedItems(previous, next, 'id'));
  await repo.writeActions(db, owner, templateId, {
    inserted: next.filter((row) => !before.has(row.id)),
    updated: next.filter((row) => changed.has(row.id)),
    removedIds: previous.filter((row) => !after.has(row.id)).map((row) => row.id),
  });
}

function listItem(row: repo.TemplateListRow): TemplateListItem {
  return {
    id: row.id,
    name: row.name,
    message_type: row.messageType,
    folder_id: row.folderId,
    folder_name: row.folderName,
    message: row.message,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The template as a plan of one box (spec section 7: GET /service/templates/{id} answers plan, plan_actions, plan_timings). */
function detail(row: repo.TemplateRow): TemplateDetail {
  return {
    plan: {
      id: row.id,
      name: row.name,
      message_type: row.messageType,
      folder_id: row.folderId,
      updated_at: row.updatedAt.toISOString(),
    },
    plan_actions: [
      {
        id: null,
        ...TEMPLATE_BOX_LAYOUT,
        box_level: 0,
        box_index: 0,
        parent_box_id: null,
        parent_box_ids: [],
        diagram_hide: false,
        diagram_hide_children: false,
        message_type: row.messageType,
        message: row.message,
        should_empty: false,
        use_template: true,
      },
    ],
    plan_timings: [],
  };
}
