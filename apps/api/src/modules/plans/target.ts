import type { AudienceNode } from '@linq/contract';
import type { PlanRow } from './repository.ts';

/*
 * A plan's target as the editor's fields (target tags with has/has-not, marks likewise, conditions,
 * specified friends) and as the audience it is saved as (plans.target):
 *   {"kind":"all","of":[tags leaf?, marks leaf?, {"kind":"any","of":[condition…]}?, friends leaf?]}
 * a condition being {"kind":"all","key":id,"of":[tags any accepted?, tags none excepted?]}: its id
 * is its key, kept across saves (new ones from plan_target_condition_keys). The label and friend
 * ids stay as saved whatever is deleted later.
 */

export interface TargetFields {
  tagIds: number[];
  hasTag: boolean;
  markIds: number[];
  hasMark: boolean;
  conditions: { id: number; accepted: number[]; excepted: number[] }[];
  specified: boolean;
  friendIds: number[];
}

const unique = (ids: number[]) => [...new Set(ids)];

export function targetExpression(fields: TargetFields): AudienceNode {
  const of: AudienceNode[] = [];
  if (fields.tagIds.length > 0)
    of.push({ kind: 'tags', match: fields.hasTag ? 'any' : 'none', ids: unique(fields.tagIds) });
  if (fields.markIds.length > 0) {
    of.push({ kind: 'marks', match: fields.hasMark ? 'any' : 'none', ids: unique(fields.markIds) });
  }
  if (fields.conditions.length > 0) {
    of.push({
      kind: 'any',
      of: fields.conditions.map((condition) => {
        const excepted = unique(condition.excepted);
        const accepted = unique(condition.accepted).filter((id) => !excepted.includes(id));
        const leaves: AudienceNode[] = [];
        if (accepted.length > 0) leaves.push({ kind: 'tags', match: 'any', ids: accepted });
        if (excepted.length > 0) leaves.push({ kind: 'tags', match: 'none', ids: excepted });
        return { kind: 'all', key: condition.id, of: leaves };
      }),
    });
  }
  if (fields.specified) of.push({ kind: 'friends', ids: unique(fields.friendIds) });
  return { kind: 'all', of };
}

/** A stored node's field, read without trusting its shape. */
const field = (node: AudienceNode, name: string): unknown => (node as Record<string, unknown>)[name];
const idsOf = (node: AudienceNode): number[] => {
  const ids = field(node, 'ids');
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
};
const childrenOf = (node: AudienceNode | undefined): AudienceNode[] => {
  const of = node && field(node, 'of');
  return Array.isArray(of) ? (of as AudienceNode[]) : [];
};

/** The editor's fields of a saved target (none saved: no targeting). */
export function targetFields(target: AudienceNode | null): TargetFields {
  const fields: TargetFields = {
    tagIds: [],
    hasTag: true,
    markIds: [],
    hasMark: true,
    conditions: [],
    specified: false,
    friendIds: [],
  };
  for (const part of childrenOf(target ?? undefined)) {
    if (part.kind === 'tags' || part.kind === 'marks') {
      const has = field(part, 'match') !== 'none';
      if (part.kind === 'tags') Object.assign(fields, { tagIds: idsOf(part), hasTag: has });
      else Object.assign(fields, { markIds: idsOf(part), hasMark: has });
    } else if (part.kind === 'any') {
      fields.conditions = childrenOf(part).map((condition, index) => {
        const leaves = childrenOf(condition);
        const ofMatch = (match: string) => leaves.filter((leaf) => field(leaf, 'match') === match).flatMap(idsOf);
        const key = field(condition, 'key');
        return {
          id: typeof key === 'number' ? key : index + 1,
          accepted: ofMatch('any'),
          excepted: ofMatch('none'),
        };
      });
    } else if (part.kind === 'friends') {
      fields.specified = true;
      fields.friendIds = idsOf(part);
    }
  }
  return fields;
}

/**
 * Whom the plan sends to: the channel's following friends, all of them or those its saved target
 * matches (an advanced target with nothing in it matches nobody).
 */
export function planAudience(row: Pick<PlanRow, 'targetSend' | 'target'>): AudienceNode {
  const following: AudienceNode = { kind: 'status', status: 'following' };
  if (row.targetSend === 'all_target') return following;
  return { kind: 'all', of: [following, row.target ?? { kind: 'all', of: [] }] };
}
