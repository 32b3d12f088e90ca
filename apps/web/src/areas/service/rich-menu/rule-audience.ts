import type { AudienceLabelMatch, AudienceNode } from '@linq/contract';

/*
 * The rule screen edits the common audiences of a menu rule: tags and marks, each with how they
 * match. Any other audience (made elsewhere) is kept as it is and shown as "other conditions".
 */

export interface LabelCondition {
  match: AudienceLabelMatch;
  ids: number[];
}
export interface RuleAudience {
  tags: LabelCondition;
  marks: LabelCondition;
}

const none = (): LabelCondition => ({ match: 'any', ids: [] });
export const emptyRuleAudience = (): RuleAudience => ({ tags: none(), marks: none() });

function labelOf(node: AudienceNode, kind: 'tags' | 'marks'): LabelCondition | null {
  if (node.kind !== kind) return null;
  const { match, ids } = node as { match?: unknown; ids?: unknown };
  if (!(match === 'any' || match === 'all' || match === 'none') || !Array.isArray(ids)) return null;
  return { match, ids: ids.filter((id): id is number => typeof id === 'number') };
}

/** The editable form of an audience, or null when it has conditions this screen does not edit. */
export function ruleAudienceOf(node: AudienceNode): RuleAudience | null {
  if (node.kind === 'everyone') return emptyRuleAudience();
  const parts = node.kind === 'all' ? (node as { of: AudienceNode[] }).of : [node];
  const result = emptyRuleAudience();
  for (const part of parts) {
    const tags = labelOf(part, 'tags');
    const marks = labelOf(part, 'marks');
    if (tags && result.tags.ids.length === 0) result.tags = tags;
    else if (marks && result.marks.ids.length === 0) result.marks = marks;
    else return null;
  }
  return result;
}

/** The audience node the rule is saved with: everyone when no label is chosen. */
export function audienceOfRule({ tags, marks }: RuleAudience): AudienceNode {
  const leaves: AudienceNode[] = [];
  if (tags.ids.length > 0) leaves.push({ kind: 'tags', match: tags.match, ids: tags.ids });
  if (marks.ids.length > 0) leaves.push({ kind: 'marks', match: marks.match, ids: marks.ids });
  if (leaves.length === 0) return { kind: 'everyone' };
  return leaves.length === 1 ? leaves[0]! : { kind: 'all', of: leaves };
}
