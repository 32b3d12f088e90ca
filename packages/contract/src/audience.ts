import { z } from 'zod';
import { idNumber } from './common.ts';
import { isCalendarDate } from './friends.ts';

/*
 * The audience language: one typed expression of which friends of a channel something is for (a
 * plan's target, the friend list's filters, the CSV export, and later rich-menu rules, form
 * conditions, inflow and agency notices). Boolean nodes (all / any / not) over leaves; the server
 * compiles it to SQL in one place (modules/audience), always inside the channel.
 *
 * A target is evaluated as it was saved. A leaf naming something that no longer exists (a deleted
 * tag, mark, info field or plan, or one of another channel) is UNKNOWN, never true or false, and
 * UNKNOWN propagates as in SQL (Kleene logic): `not` of it, and `all` with it, stay UNKNOWN, and a
 * friend is in the audience only when the whole expression is TRUE. So deleting what an audience
 * names never widens it. An unknown leaf kind, an invalid leaf or an empty all/any is UNKNOWN too.
 */

export const AUDIENCE_LABEL_MATCHES = ['all', 'any', 'none'] as const;
export type AudienceLabelMatch = (typeof AUDIENCE_LABEL_MATCHES)[number];
export const AUDIENCE_INFO_OPS = ['equals', 'contains', 'set', 'gte', 'lte'] as const;
export const AUDIENCE_PLAN_STATES = ['enrolled', 'finished'] as const;
export const AUDIENCE_FOLLOW_STATES = ['following', 'blocked'] as const;
/** How deep nodes nest, and how many nodes one expression holds: the compiler walks it recursively. */
export const AUDIENCE_MAX_DEPTH = 8;
export const AUDIENCE_MAX_NODES = 200;
export const AUDIENCE_MAX_IDS = 1000;

const ids = z.array(idNumber).min(1).max(AUDIENCE_MAX_IDS);
const date = z.string().refine(isCalendarDate, { message: '存在する日付を YYYY-MM-DD の形式で入力してください' });

/** Every friend of the channel (the friend list without filters). */
export const audienceEveryoneLeaf = z.object({ kind: z.literal('everyone') });
/** Friends carrying all / any / none of the tags. */
export const audienceTagsLeaf = z.object({ kind: z.literal('tags'), match: z.enum(AUDIENCE_LABEL_MATCHES), ids });
/** Friends carrying all / any / none of the marks. */
export const audienceMarksLeaf = z.object({ kind: z.literal('marks'), match: z.enum(AUDIENCE_LABEL_MATCHES), ids });
/** A friend info field's value: equal to, containing, set at all, or (numbers, dates) at least / at most. */
export const audienceInfoLeaf = z.object({
  kind: z.literal('info'),
  field_id: idNumber,
  op: z.enum(AUDIENCE_INFO_OPS),
  value: z.string().max(1000).default(''),
});
/** Followed on or after / on or before these days (YYYY-MM-DD, both inclusive, in the account's time zone). */
export const audienceFollowedLeaf = z.object({
  kind: z.literal('followed'),
  from: date.optional(),
  to: date.optional(),
});
export const audienceStatusLeaf = z.object({ kind: z.literal('status'), status: z.enum(AUDIENCE_FOLLOW_STATES) });
/** The display name (the staff's override or LINE's name) contains the text. */
export const audienceNameLeaf = z.object({ kind: z.literal('name'), contains: z.string().min(1).max(255) });
/** Friends enrolled now in the plan (waiting or paused in it), or who finished it. */
export const audiencePlanLeaf = z.object({
  kind: z.literal('plan'),
  plan_id: idNumber,
  state: z.enum(AUDIENCE_PLAN_STATES),
});
/** Specified friends. */
export const audienceFriendsLeaf = z.object({ kind: z.literal('friends'), ids });
/** Score within min…max (both inclusive, either open). */
export const audienceScoreLeaf = z.object({
  kind: z.literal('score'),
  min: z.number().int().optional(),
  max: z.number().int().optional(),
});

/** The leaf kinds the audience module itself knows; other modules register more (inflow routes, forms). */
export const builtInAudienceLeaf = z.discriminatedUnion('kind', [
  audienceEveryoneLeaf,
  audienceTagsLeaf,
  audienceMarksLeaf,
  audienceInfoLeaf,
  audienceFollowedLeaf,
  audienceStatusLeaf,
  audienceNameLeaf,
  audiencePlanLeaf,
  audienceFriendsLeaf,
  audienceScoreLeaf,
]);
export type BuiltInAudienceLeaf = z.infer<typeof builtInAudienceLeaf>;

/**
 * Any leaf as stored and sent: its kind and its parameters. The server checks it against the schema
 * of its kind's registration (a later module's kinds included); what no registration accepts matches nobody.
 */
export const audienceLeaf = z.looseObject({ kind: z.string().min(1).max(50) });
export type AudienceLeaf = z.infer<typeof audienceLeaf>;

/**
 * all / any may carry a `key`: the saver's own handle for the node (a plan's target condition is
 * one, its id in the editor); it means nothing to the compiler.
 */
export type AudienceNode =
  | { kind: 'all'; of: AudienceNode[]; key?: number }
  | { kind: 'any'; of: AudienceNode[]; key?: number }
  | { kind: 'not'; of: AudienceNode }
  | AudienceLeaf;

const nodeKey = z.number().int().optional();

export const audienceNode: z.ZodType<AudienceNode> = z.lazy(() =>
  z.union([
    z.object({ kind: z.literal('all'), of: z.array(audienceNode).max(AUDIENCE_MAX_NODES), key: nodeKey }),
    z.object({ kind: z.literal('any'), of: z.array(audienceNode).max(AUDIENCE_MAX_NODES), key: nodeKey }),
    z.object({ kind: z.literal('not'), of: audienceNode }),
    audienceLeaf.refine((leaf) => !['all', 'any', 'not'].includes(leaf.kind), {
      message: '条件の形が正しくありません',
    }),
  ]),
);

/** How deep the nodes nest (a leaf is 1) and how many there are. */
export function audienceSize(node: AudienceNode, depth = 1): { depth: number; nodes: number } {
  if (depth > AUDIENCE_MAX_DEPTH + 1) return { depth, nodes: 1 };
  if (node.kind === 'not') {
    const inner = audienceSize((node as { of: AudienceNode }).of, depth + 1);
    return { depth: inner.depth, nodes: inner.nodes + 1 };
  }
  if ((node.kind === 'all' || node.kind === 'any') && Array.isArray(node.of)) {
    let result = { depth, nodes: 1 };
    for (const child of node.of as AudienceNode[]) {
      const inner = audienceSize(child, depth + 1);
      result = { depth: Math.max(result.depth, inner.depth), nodes: result.nodes + inner.nodes };
    }
    return result;
  }
  return { depth, nodes: 1 };
}

/** An audience as saved or sent: a node, within the bounds of depth and size. */
export const audienceExpression = audienceNode.superRefine((node, check) => {
  const size = audienceSize(node);
  if (size.depth > AUDIENCE_MAX_DEPTH) {
    check.addIssue({ code: 'custom', message: `条件の入れ子は${AUDIENCE_MAX_DEPTH}段までです` });
  } else if (size.nodes > AUDIENCE_MAX_NODES) {
    check.addIssue({ code: 'custom', message: `条件は${AUDIENCE_MAX_NODES}個までです` });
  }
});
export type AudienceExpression = AudienceNode;

/** Every id of a label kind (`tags`, `marks`) a leaf of the expression names. */
export function audienceLabelIds(node: AudienceNode, kind: 'tags' | 'marks'): number[] {
  const found = new Set<number>();
  const walk = (n: AudienceNode) => {
    if (n.kind === 'not') walk((n as { of: AudienceNode }).of);
    else if ((n.kind === 'all' || n.kind === 'any') && Array.isArray(n.of)) (n.of as AudienceNode[]).forEach(walk);
    else if (n.kind === kind && Array.isArray(n.ids))
      for (const id of n.ids as unknown[]) if (typeof id === 'number') found.add(id);
  };
  walk(node);
  return [...found];
}
