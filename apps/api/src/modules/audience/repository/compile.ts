import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AUDIENCE_MAX_DEPTH, AUDIENCE_MAX_NODES, type AudienceExpression } from '@linq/contract';
import type { Db } from '../../../platform/db.ts';
import type { ChannelScope } from '../../../platform/principal.ts';
import type { Registries } from '../../../platform/registry.ts';
import { friends } from '../../friends/schema.ts';
import { AUDIENCE_LEAVES, type AudienceLeafKind, type LeafCondition } from './registry.ts';

/*
 * The one place an audience becomes SQL (read by read.ts only: other modules get counts, ids and
 * rows from it, never this SQL): a condition on the channel's `friends` rows. UNKNOWN
 * (something named is gone, a leaf of no known kind, an invalid or empty node) is SQL's null, and
 * and / or / not keep SQL's three-valued logic, so UNKNOWN never turns into a match, negated or not.
 */

/** A stored expression as the compiler sees it: anything, until each node is checked. */
type Stored = unknown;

interface Leaf {
  kind: AudienceLeafKind;
  value: unknown;
}

/** The expression's nodes with each leaf checked against its kind; null for what matches nobody. */
type Checked = { op: 'all' | 'any'; of: Checked[] } | { op: 'not'; of: Checked } | { op: 'leaf'; leaf: Leaf } | null;

function check(node: Stored, kinds: Map<string, AudienceLeafKind>, depth: number, budget: { nodes: number }): Checked {
  if (depth > AUDIENCE_MAX_DEPTH || --budget.nodes < 0) return null;
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return null;
  const { kind, of } = node as { kind?: unknown; of?: unknown };
  if (kind === 'all' || kind === 'any') {
    if (!Array.isArray(of) || of.length === 0) return null;
    return { op: kind, of: of.map((child: Stored) => check(child, kinds, depth + 1, budget)) };
  }
  if (kind === 'not') return { op: 'not', of: check(of, kinds, depth + 1, budget) };
  const leafKind = typeof kind === 'string' ? kinds.get(kind) : undefined;
  if (!leafKind) return null;
  const parsed = leafKind.schema.safeParse(node);
  return parsed.success ? { op: 'leaf', leaf: { kind: leafKind, value: parsed.data } } : null;
}

function leavesOf(node: Checked, into: Leaf[] = []): Leaf[] {
  if (node === null) return into;
  if (node.op === 'leaf') into.push(node.leaf);
  else if (node.op === 'not') leavesOf(node.of, into);
  else for (const child of node.of) leavesOf(child, into);
  return into;
}

const UNKNOWN = sql`null::boolean`;

function build(node: Checked, resolved: Map<AudienceLeafKind, unknown>, scope: ChannelScope): LeafCondition {
  if (node === null) return null;
  if (node.op === 'leaf') return node.leaf.kind.compile(node.leaf.value, resolved.get(node.leaf.kind), scope);
  if (node.op === 'not') {
    const inner = build(node.of, resolved, scope);
    return inner === null ? null : sql`not (${inner})`;
  }
  const children = node.of.map((child) => build(child, resolved, scope) ?? UNKNOWN);
  return sql`(${sql.join(children, sql.raw(node.op === 'all' ? ' and ' : ' or '))})`;
}

/** The registered leaf kinds by name. */
export function leafKinds(registries: Registries): Map<string, AudienceLeafKind> {
  return new Map(registries.all(AUDIENCE_LEAVES).map((kind) => [kind.kind, kind]));
}

/**
 * The condition on `friends` of the channel's friends in the audience: the channel's rows only,
 * and of them those for which the expression is TRUE (never UNKNOWN). Reads what the leaves name
 * (in the channel) first.
 */
export async function audienceWhere(
  db: Db,
  registries: Registries,
  scope: ChannelScope,
  expression: AudienceExpression | Stored,
): Promise<SQL> {
  const condition = await audienceCondition(db, registries, scope, expression);
  return and(eq(friends.lineAccountId, scope.lineAccountId), condition ?? sql`false`)!;
}

/** The expression's own condition on `friends` (without the channel's); null when it is UNKNOWN for everyone. */
export async function audienceCondition(
  db: Db,
  registries: Registries,
  scope: ChannelScope,
  expression: AudienceExpression | Stored,
): Promise<LeafCondition> {
  const checked = check(expression, leafKinds(registries), 1, { nodes: AUDIENCE_MAX_NODES });
  const byKind = new Map<AudienceLeafKind, unknown[]>();
  for (const leaf of leavesOf(checked)) byKind.set(leaf.kind, [...(byKind.get(leaf.kind) ?? []), leaf.value]);
  const resolved = new Map<AudienceLeafKind, unknown>();
  for (const [kind, values] of byKind) if (kind.resolve) resolved.set(kind, await kind.resolve(db, scope, values));
  return build(checked, resolved, scope);
}
