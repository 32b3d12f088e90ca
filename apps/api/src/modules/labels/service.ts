import type { z } from 'zod';
import type { LabelUse, labelDeleteQuery, labelFriendsInput, labelListQuery, Mark, Tag } from '@linq/contract';
import { listPage } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { conflict, fieldError, notFound, uniqueName } from '../../platform/errors.ts';
import type { EventTransaction } from '../../platform/events.ts';
import type { ChannelRequest, ChannelScope } from '../../platform/principal.ts';
import * as folders from '../folders/repository.ts';
import * as repo from './repository.ts';
import { LABEL_USES } from './uses.ts';

/**
 * What differs between tags and marks: tables, folder type, wording and the answer shape.
 * The feature permission (view / edit) is checked per route by the contract endpoints.
 */
export interface LabelKind<Item extends Tag | Mark> {
  tables: repo.LabelTables;
  folderType: 'tags' | 'marks';
  /** 'タグ' or 'マーク', for messages. */
  noun: string;
  present: (row: repo.LabelRow) => Item;
}

export const duplicateNameMessage = (noun: string) => `同じ名前の${noun}が既にあります`;
export const folderMessage = (noun: string) => `${noun}のフォルダを選んでください`;
export const FRIENDS_MESSAGE = 'このチャネルの友だちを選んでください';
export const inUseMessage = (noun: string, n: number) => `この${noun}は ${n} 人の友だちに付いています。削除しますか？`;
export const usedMessage = (noun: string) =>
  `この${noun}はプランなどで使われています。削除すると、使っている配信の対象は誰にも当てはまらなくなります。削除しますか？`;

type ListQuery = z.output<typeof labelListQuery>;
type DeleteQuery = z.output<typeof labelDeleteQuery>;
type FriendsInput = z.output<typeof labelFriendsInput>;
export interface LabelInput {
  name: string;
  folder_id: number | null;
  sort_index: number;
  color?: string;
}

export function labelService<Item extends Tag | Mark>(kind: LabelKind<Item>) {
  const t = kind.tables;

  async function findOrFail(db: Db, scope: ChannelRequest, id: number): Promise<repo.LabelRow> {
    const row = await repo.find(db, t, scope, id);
    if (!row) throw notFound(kind.noun);
    return row;
  }

  async function usesOf(ctx: AppContext, db: Db, scope: ChannelRequest, id: number): Promise<LabelUse[]> {
    // In turn: the delete asks inside its transaction, one connection.
    const uses: LabelUse[] = [];
    for (const source of ctx.registries.all(LABEL_USES))
      uses.push(...(await source.usesOf(db, scope, kind.folderType, id)));
    return uses;
  }

  async function values(db: Db, scope: ChannelRequest, input: LabelInput): Promise<repo.LabelValues> {
    if (input.folder_id !== null) {
      const folder = await folders.find(db, scope, input.folder_id);
      if (folder?.folderType !== kind.folderType) throw fieldError('folder_id', folderMessage(kind.noun));
    }
    return {
      name: input.name,
      folderId: input.folder_id,
      sortIndex: input.sort_index,
      ...(input.color !== undefined ? { color: input.color } : {}),
    };
  }

  const nameTaken = (error: unknown) => repo.isDuplicateName(t, error);

  /** Checks every id is a friend of the channel (else 422 on friend_ids); answers them without repeats. */
  async function channelFriends(db: Db, scope: ChannelRequest, ids: number[]): Promise<number[]> {
    const wanted = [...new Set(ids)];
    const found = await repo.friendsOfChannel(db, scope, wanted);
    if (found.length !== wanted.length) throw fieldError('friend_ids', FRIENDS_MESSAGE);
    return wanted;
  }

  return {
    async list(ctx: AppContext, scope: ChannelRequest, query: ListQuery) {
      const { rows, total } = await repo.list(ctx.database.db, t, scope, {
        page: query.page,
        limit: query.limit,
        q: query.q,
        folderId: query.folder_id,
      });
      return listPage(rows.map(kind.present), total, query);
    },

    async get(ctx: AppContext, scope: ChannelRequest, id: number): Promise<Item> {
      return kind.present(await findOrFail(ctx.database.db, scope, id));
    },

    async create(ctx: AppContext, scope: ChannelRequest, input: LabelInput): Promise<Item> {
      const db = ctx.database.db;
      const id = await uniqueName(
        repo.insert(db, t, scope, await values(db, scope, input)),
        nameTaken,
        duplicateNameMessage(kind.noun),
      );
      return kind.present(await findOrFail(db, scope, id));
    },

    async update(ctx: AppContext, scope: ChannelRequest, id: number, input: LabelInput): Promise<Item> {
      const db = ctx.database.db;
      await findOrFail(db, scope, id);
      const updated = await uniqueName(
        repo.update(db, t, scope, id, await values(db, scope, input)),
        nameTaken,
        duplicateNameMessage(kind.noun),
      );
      if (!updated) throw notFound(kind.noun);
      return kind.present(await findOrFail(db, scope, id));
    },

    /** Where the label is used (every registered feature's uses: plans, later rich menus, forms, inflows). */
    async uses(ctx: AppContext, scope: ChannelRequest, id: number): Promise<LabelUse[]> {
      await findOrFail(ctx.database.db, scope, id);
      return usesOf(ctx, ctx.database.db, scope, id);
    },

    /**
     * Deletes the label; one that is used, or that friends carry, only with confirm (else 409 with
     * its uses, or saying how many friends carry it).
     */
    async remove(ctx: AppContext, scope: ChannelRequest, id: number, query: DeleteQuery): Promise<Item> {
      return ctx.events.transaction(ctx.database.db, async (on) => {
        const tx = on.tx;
        const row = await findOrFail(tx, scope, id);
        if (!query.confirm) {
          const uses = await usesOf(ctx, tx, scope, id);
          if (uses.length > 0) throw conflict(usedMessage(kind.noun), { uses });
        }
        const carriers = await repo.carriers(tx, t, scope, id);
        if (carriers > 0 && !query.confirm) throw conflict(inUseMessage(kind.noun, carriers));
        // The friends who carried it lose it with the label (rich menus follow).
        const carrierIds = carriers > 0 ? await repo.carrierIds(tx, t, scope, id) : [];
        await repo.remove(tx, t, scope, id);
        if (carrierIds.length > 0) {
          await on.publish('label.removed', {
            lineAccountId: scope.lineAccountId,
            kind: kind.folderType,
            labelId: id,
            friendIds: carrierIds,
          });
        }
        return kind.present(row);
      });
    },

    /** Puts the label on friends of the channel; answers it and how many friends newly got it. */
    async addFriends(ctx: AppContext, scope: ChannelRequest, id: number, input: FriendsInput) {
      return ctx.events.transaction(ctx.database.db, async (on) => {
        await findOrFail(on.tx, scope, id);
        const friendIds = await channelFriends(on.tx, scope, input.friend_ids);
        const linked = await linkLabel(on, kind, scope, id, friendIds);
        return { item: kind.present(await findOrFail(on.tx, scope, id)), changed: linked.length };
      });
    },

    async removeFriends(ctx: AppContext, scope: ChannelRequest, id: number, input: FriendsInput) {
      return ctx.events.transaction(ctx.database.db, async (on) => {
        await findOrFail(on.tx, scope, id);
        const friendIds = await channelFriends(on.tx, scope, input.friend_ids);
        const unlinked = await unlinkLabel(on, kind, scope, id, friendIds);
        return { item: kind.present(await findOrFail(on.tx, scope, id)), changed: unlinked.length };
      });
    },
  };
}

/**
 * Puts the label on friends of the channel in the event's transaction; a tag newly put on friends
 * publishes `tag.added` (scenarios started by the tag), a mark `mark.added`. Answers the friends who newly got it.
 */
export async function linkLabel(
  on: EventTransaction,
  kind: Pick<LabelKind<Tag | Mark>, 'tables' | 'folderType'>,
  scope: ChannelScope,
  labelId: number,
  friendIds: number[],
): Promise<number[]> {
  const linked = await repo.link(on.tx, kind.tables, scope, labelId, friendIds);
  if (linked.length === 0) return linked;
  if (kind.folderType === 'tags') {
    await on.publish('tag.added', { lineAccountId: scope.lineAccountId, tagId: labelId, friendIds: linked });
  } else {
    await on.publish('mark.added', { lineAccountId: scope.lineAccountId, markId: labelId, friendIds: linked });
  }
  return linked;
}

/**
 * Takes the label off friends of the channel in the event's transaction, publishing
 * `label.removed` for those who carried it. Answers them.
 */
export async function unlinkLabel(
  on: EventTransaction,
  kind: Pick<LabelKind<Tag | Mark>, 'tables' | 'folderType'>,
  scope: ChannelScope,
  labelId: number,
  friendIds: number[],
): Promise<number[]> {
  if (friendIds.length === 0) return [];
  const unlinked = await repo.unlink(on.tx, kind.tables, scope, labelId, friendIds);
  if (unlinked.length > 0) {
    await on.publish('label.removed', {
      lineAccountId: scope.lineAccountId,
      kind: kind.folderType,
      labelId,
      friendIds: unlinked,
    });
  }
  return unlinked;
}

/** The fields tags and marks share, as the API answers them. */
export function presentLabel(row: repo.LabelRow): Tag {
  return {
    id: row.id,
    name: row.name,
    folder_id: row.folderId,
    sort_index: row.sortIndex,
    friend_count: row.friendCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
