import type { z } from 'zod';
import {
  allows,
  FOLDER_PAGE_SIZE,
  FOLDER_TYPE_FEATURE,
  type EndpointOutput,
  type Folder,
  type FolderType,
  type FolderWithPage,
  type Permissions,
  type folderCreateInput,
  type folderListQuery,
  type folderUpdateInput,
  type serviceFoldersApi,
  listPage,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { forbidden, notFound, uniqueName } from '../../platform/errors.ts';
import * as repo from './repository.ts';

export const DUPLICATE_NAME_MESSAGE = '同じ名前のフォルダが既にあります';

/**
 * Who acts on folders: the owner every query is scoped by, and the staff permissions that
 * gate each folder type (null for administrators, who may do everything).
 */
export interface FolderCaller {
  owner: repo.FolderOwner;
  permissions: Permissions | null;
}

type ListQuery = z.output<typeof folderListQuery>;
type CreateInput = z.output<typeof folderCreateInput>;
type UpdateInput = z.output<typeof folderUpdateInput>;

function authorize(caller: FolderCaller, type: FolderType, level: 'view' | 'edit') {
  if (caller.permissions && !allows(caller.permissions, { feature: FOLDER_TYPE_FEATURE[type], level })) {
    throw forbidden();
  }
}

export async function list(
  ctx: AppContext,
  caller: FolderCaller,
  query: ListQuery,
): Promise<EndpointOutput<typeof serviceFoldersApi.list>> {
  authorize(caller, query.folder_type, 'view');
  const { rows, total } = await repo.list(ctx.database.db, caller.owner, {
    folderType: query.folder_type,
    page: query.page,
    limit: query.limit,
  });
  return listPage(rows.map(present), total, query);
}

export async function create(ctx: AppContext, caller: FolderCaller, input: CreateInput): Promise<FolderWithPage> {
  authorize(caller, input.folder_type, 'edit');
  const db = ctx.database.db;
  const row = await uniqueName(
    repo.insert(db, caller.owner, input.folder_type, { name: input.name, sortIndex: input.sort_index }),
    repo.isDuplicateName,
    DUPLICATE_NAME_MESSAGE,
  );
  return withPage(db, caller, row);
}

export async function update(ctx: AppContext, caller: FolderCaller, id: number, input: UpdateInput): Promise<Folder> {
  const db = ctx.database.db;
  const existing = await findOrFail(db, caller, id);
  authorize(caller, existing.folderType, 'edit');
  const row = await uniqueName(
    repo.update(db, caller.owner, id, { name: input.name, sortIndex: input.sort_index }),
    repo.isDuplicateName,
    DUPLICATE_NAME_MESSAGE,
  );
  if (!row) throw notFound('フォルダ');
  return present(row);
}

/** Deletes the folder and answers it with the page it was listed on. */
export async function remove(ctx: AppContext, caller: FolderCaller, id: number): Promise<FolderWithPage> {
  return ctx.database.db.transaction(async (tx) => {
    const row = await findOrFail(tx, caller, id);
    authorize(caller, row.folderType, 'edit');
    const answer = await withPage(tx, caller, row);
    await repo.remove(tx, caller.owner, id);
    return answer;
  });
}

async function findOrFail(db: Db, caller: FolderCaller, id: number): Promise<repo.FolderRow> {
  const row = await repo.find(db, caller.owner, id);
  if (!row) throw notFound('フォルダ');
  return row;
}

/** The folder and the page of the default size it is listed on. */
async function withPage(db: Db, caller: FolderCaller, row: repo.FolderRow): Promise<FolderWithPage> {
  const position = await repo.positionOf(db, caller.owner, row);
  return {
    data: present(row),
    pagination: { current: Math.floor(position / FOLDER_PAGE_SIZE) + 1, pageSize: FOLDER_PAGE_SIZE },
  };
}

function present(row: repo.FolderRow): Folder {
  return { id: row.id, name: row.name, sort_index: row.sortIndex, folder_type: row.folderType };
}
