import type { z } from 'zod';
import { accessChangedForAuthority } from '../sessions/authenticate.ts';
import type {
  EndpointOutput,
  StaffAuthority,
  staffAuthoritiesApi,
  staffAuthorityInput,
  staffAuthorityListQuery,
} from '@linq/contract';
import { listPage } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { conflict, notFound, requireSameId, uniqueName } from '../../platform/errors.ts';
import type { AccountScope } from '../../platform/principal.ts';
import * as repo from './repository.ts';

export const DUPLICATE_NAME_MESSAGE = '同じ名前のスタッフ権限が既にあります';
export const inUseMessage = (userCount: number) =>
  `このスタッフ権限は${userCount}人のユーザーに割り当てられているため削除できません。先にユーザーの権限を変更してください。`;

type ListQuery = z.output<typeof staffAuthorityListQuery>;
type Input = z.output<typeof staffAuthorityInput>;

export async function list(
  ctx: AppContext,
  scope: AccountScope,
  query: ListQuery,
): Promise<EndpointOutput<typeof staffAuthoritiesApi.list>> {
  const { rows, total } = await repo.list(ctx.database.db, scope, query);
  return listPage(rows.map(present), total, query);
}

export async function get(ctx: AppContext, scope: AccountScope, id: number): Promise<StaffAuthority> {
  return present(await findOrFail(ctx.database.db, scope, id));
}

export async function create(ctx: AppContext, scope: AccountScope, input: Input): Promise<StaffAuthority> {
  const db = ctx.database.db;
  const id = await uniqueName(repo.insert(db, scope, values(input)), repo.isDuplicateName, DUPLICATE_NAME_MESSAGE);
  return get(ctx, scope, id);
}

export async function update(ctx: AppContext, scope: AccountScope, id: number, input: Input): Promise<StaffAuthority> {
  requireSameId(id, input.id);
  const db = ctx.database.db;
  if (!(await uniqueName(repo.update(db, scope, id, values(input)), repo.isDuplicateName, DUPLICATE_NAME_MESSAGE)))
    throw notFound('スタッフ権限');
  await accessChangedForAuthority(db, scope, id);
  return get(ctx, scope, id);
}

export async function remove(ctx: AppContext, scope: AccountScope, id: number): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const authority = await findOrFail(tx, scope, id);
    if (authority.userCount > 0) throw conflict(inUseMessage(authority.userCount));
    await repo.remove(tx, scope, id);
  });
}

async function findOrFail(db: Db, scope: AccountScope, id: number): Promise<repo.StaffAuthorityRow> {
  const row = await repo.find(db, scope, id);
  if (!row) throw notFound('スタッフ権限');
  return row;
}

const values = (input: Input): repo.StaffAuthorityValues => ({
  name: input.name,
  description: input.description,
  permissions: input.permissions,
});

function present(row: repo.StaffAuthorityRow): StaffAuthority {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    user_count: row.userCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
