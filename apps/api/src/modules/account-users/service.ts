import type { z } from 'zod';
import type {
  AccountUser,
  accountUserCreate,
  accountUserListQuery,
  accountUsersApi,
  accountUserUpdate,
  EndpointOutput,
  ValidationErrors,
} from '@linq/contract';
import { listPage } from '@linq/contract';
import { revokeSessionsOfUsers } from '../sessions/authenticate.ts';
import { publishAccessChanged } from '../../platform/realtime.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError, notFound, requireSameId } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password-hash.ts';
import type { AccountScope } from '../../platform/principal.ts';
import { requireStaffRoom } from '../plan-limits/service.ts';
import * as repo from './repository.ts';

export const DUPLICATE_EMAIL_MESSAGE = 'このメールアドレスは既に使われています';
export const UNKNOWN_AUTHORITY_MESSAGE = '選択されたスタッフ権限が見つかりません';
export const UNKNOWN_CHANNEL_MESSAGE = '選択されたチャネルが見つかりません';

type ListQuery = z.output<typeof accountUserListQuery>;
type CreateInput = z.output<typeof accountUserCreate>;
type UpdateInput = z.output<typeof accountUserUpdate>;

export async function list(
  ctx: AppContext,
  scope: AccountScope,
  query: ListQuery,
): Promise<EndpointOutput<typeof accountUsersApi.list>> {
  const db = ctx.database.db;
  const { rows, total } = await repo.list(db, scope, {
    q: query.q,
    status: query.status,
    staffAuthorityId: query.staff_authority_id,
    page: query.page,
    limit: query.limit,
  });
  const channels = await repo.channelIdsOf(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return listPage(
    rows.map((row) => present(row, channels.get(row.id) ?? [])),
    total,
    query,
  );
}

export async function get(ctx: AppContext, scope: AccountScope, id: number): Promise<AccountUser> {
  const db = ctx.database.db;
  const row = await repo.find(db, scope, id);
  if (!row) throw notFound('ユーザー');
  const channels = await repo.channelIdsOf(db, scope, [id]);
  return present(row, channels.get(id) ?? []);
}

export async function create(ctx: AppContext, scope: AccountScope, input: CreateInput): Promise<AccountUser> {
  const db = ctx.database.db;
  const lineAccountIds = [...new Set(input.line_account_ids)];
  // A full plan says so first: no other answer about the form helps.
  await requireStaffRoom(db, scope, ctx.clock.now());
  await checkReferences(db, scope, input.staff_authority_id, lineAccountIds);
  const passwordHash = await hashPassword(input.password);
  const id = await uniqueEmail(
    db.transaction(async (tx) => {
      const userId = await repo.insert(tx, scope, { ...values(input), passwordHash });
      await repo.setChannels(tx, scope, userId, lineAccountIds);
      return userId;
    }),
  );
  return get(ctx, scope, id);
}

export async function update(
  ctx: AppContext,
  scope: AccountScope,
  id: number,
  input: UpdateInput,
): Promise<AccountUser> {
  requireSameId(id, input.id);
  const db = ctx.database.db;
  // Another account's user is "not found" before anything about the body is judged.
  if (!(await repo.find(db, scope, id))) throw notFound('ユーザー');
  const lineAccountIds = [...new Set(input.line_account_ids)];
  await checkReferences(db, scope, input.staff_authority_id, lineAccountIds);
  const password = input.password
    ? { passwordHash: await hashPassword(input.password), passwordChangedAt: new Date() }
    : {};
  await uniqueEmail(
    db.transaction(async (tx) => {
      if (!(await repo.update(tx, scope, id, { ...values(input), ...password }))) throw notFound('ユーザー');
      await repo.setChannels(tx, scope, id, lineAccountIds);
      // Authority and channel changes need no revocation: every request re-reads them; open sockets re-check.
      if (input.password || input.status === 'disabled') await revokeSessionsOfUsers(tx, [id]);
      else await publishAccessChanged(tx, [id]);
    }),
  );
  return get(ctx, scope, id);
}

export async function remove(ctx: AppContext, scope: AccountScope, id: number): Promise<void> {
  if (!(await repo.remove(ctx.database.db, scope, id))) throw notFound('ユーザー');
  await publishAccessChanged(ctx.database.db, [id]);
}

/** The authority and every channel must be the account's own; one 422 names each bad field. */
async function checkReferences(db: Db, scope: AccountScope, staffAuthorityId: number, lineAccountIds: number[]) {
  const [authorityFound, ownChannels] = await Promise.all([
    repo.authorityExists(db, scope, staffAuthorityId),
    repo.countChannels(db, scope, lineAccountIds),
  ]);
  const errors: ValidationErrors = {};
  if (!authorityFound) errors.staff_authority_id = { description: UNKNOWN_AUTHORITY_MESSAGE };
  if (ownChannels !== lineAccountIds.length) errors.line_account_ids = { description: UNKNOWN_CHANNEL_MESSAGE };
  const first = Object.values(errors)[0];
  if (first) throw new AppError('validation', first.description, errors);
}

async function uniqueEmail<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (repo.isDuplicateEmail(error)) throw fieldError('email', DUPLICATE_EMAIL_MESSAGE);
    throw error;
  }
}

const values = (input: CreateInput | UpdateInput): repo.AccountUserValues => ({
  name: input.name,
  email: input.email,
  status: input.status,
  staffAuthorityId: input.staff_authority_id,
});

function present(row: repo.AccountUserRow, lineAccountIds: number[]): AccountUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    staff_authority: { id: row.staffAuthorityId, name: row.staffAuthorityName },
    line_account_ids: lineAccountIds,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
