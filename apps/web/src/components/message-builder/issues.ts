import { modelPath, type BuilderMessage, type MessageIssue } from '@linq/contract';

/*
 * What is wrong with the message being edited: the LINE rules the builder checks as the user types
 * (validateMessage) and what the server answered to the last save (a 422 keyed by save-format path).
 * Each issue is shown next to its field, found by its model path, and in the summary above.
 */

export type ModelPath = readonly (string | number)[];

export interface BuilderIssue {
  /** Where in the message; null when the server named something the builder has no field for. */
  path: ModelPath | null;
  message: string;
}

/** The lookup key of a model path (segments never contain dots). */
export const pathKey = (path: ModelPath): string => path.join('.');

/** The value at `path` inside the message (undefined when the path leads nowhere). */
export function valueAt(message: BuilderMessage, path: ModelPath): unknown {
  let current: unknown = message;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The server's 422 errors as issues. `submitted` is the message as it was when the errors arrived:
 * an error disappears once the user has changed the field it names, since it was about the old value.
 */
export function serverIssues(
  errors: Record<string, { description: string }> | undefined,
  submitted: BuilderMessage,
  current: BuilderMessage,
): BuilderIssue[] {
  if (!errors) return [];
  return Object.entries(errors).flatMap(([key, { description }]): BuilderIssue[] => {
    const path = modelPath(key);
    if (path === null) return [{ path: null, message: description }];
    return sameValue(valueAt(submitted, path), valueAt(current, path)) ? [{ path, message: description }] : [];
  });
}

/** The rule issues and the server's, without repeating a message already shown for the same field. */
export function mergeIssues(rules: readonly MessageIssue[], server: readonly BuilderIssue[]): BuilderIssue[] {
  const merged: BuilderIssue[] = [];
  const seen = new Set<string>();
  for (const issue of [...rules, ...server]) {
    const id = `${issue.path ? pathKey(issue.path) : ''}\n${issue.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    merged.push(issue);
  }
  return merged;
}

/** Messages by field (pathKey), for showing each one next to its field. */
export function issuesByPath(issues: readonly BuilderIssue[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const issue of issues) {
    if (!issue.path) continue;
    const key = pathKey(issue.path);
    byPath.set(key, [...(byPath.get(key) ?? []), issue.message]);
  }
  return byPath;
}

/** Whether any issue is at `path` or inside it (to flag a collapsed column or area). */
export function hasIssuesWithin(issues: readonly BuilderIssue[], path: ModelPath): boolean {
  const prefix = pathKey(path);
  return issues.some((issue) => {
    if (!issue.path) return false;
    const key = pathKey(issue.path);
    return key === prefix || key.startsWith(`${prefix}.`);
  });
}
