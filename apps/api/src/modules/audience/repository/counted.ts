import { and, eq, sql } from 'drizzle-orm';
import { audienceMarksLeaf, audienceStatusLeaf, audienceTagsLeaf, type AudienceExpression } from '@linq/contract';
import type { Db } from '../../../platform/db.ts';
import type { ChannelScope } from '../../../platform/principal.ts';
import { friendStatusCounts } from '../../friends/schema.ts';
import { markFriendCounts, marks, tagFriendCounts, tags } from '../../labels/schema.ts';

/*
 * Totals read from the counters the database keeps in step with every write (friend_status_counts,
 * tag_friend_counts, mark_friend_counts), for the friend list's commonest shapes: everyone, one
 * status, one tag or mark (any, all or none of it). Other shapes are counted (read.ts).
 */

async function statusTotal(db: Db, { lineAccountId }: ChannelScope, status?: 'following' | 'blocked') {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${friendStatusCounts.friends}), 0)`.mapWith(Number) })
    .from(friendStatusCounts)
    .where(
      and(
        eq(friendStatusCounts.lineAccountId, lineAccountId),
        status ? eq(friendStatusCounts.status, status) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Friends carrying the channel's label; null when the label is not the channel's. */
async function labelTotal(db: Db, { lineAccountId }: ChannelScope, kind: 'tags' | 'marks', id: number) {
  const rows =
    kind === 'tags'
      ? await db
          .select({ n: sql<number>`coalesce(${tagFriendCounts.friends}, 0)`.mapWith(Number) })
          .from(tags)
          .leftJoin(tagFriendCounts, eq(tagFriendCounts.tagId, tags.id))
          .where(and(eq(tags.id, id), eq(tags.lineAccountId, lineAccountId)))
      : await db
          .select({ n: sql<number>`coalesce(${markFriendCounts.friends}, 0)`.mapWith(Number) })
          .from(marks)
          .leftJoin(markFriendCounts, eq(markFriendCounts.markId, marks.id))
          .where(and(eq(marks.id, id), eq(marks.lineAccountId, lineAccountId)));
  return rows[0]?.n ?? null;
}

/** The audience's size from the counters, or null when its shape is not one they answer. */
export async function countedTotal(
  db: Db,
  scope: ChannelScope,
  expression: AudienceExpression,
): Promise<number | null> {
  if (expression.kind === 'everyone') return statusTotal(db, scope);
  const status = audienceStatusLeaf.safeParse(expression);
  if (status.success) return statusTotal(db, scope, status.data.status);
  const label = audienceTagsLeaf.safeParse(expression).data ?? audienceMarksLeaf.safeParse(expression).data;
  if (!label || new Set(label.ids).size !== 1) return null;
  const carrying = await labelTotal(db, scope, label.kind, label.ids[0]!);
  if (carrying === null) return null;
  return label.match === 'none' ? (await statusTotal(db, scope)) - carrying : carrying;
}
