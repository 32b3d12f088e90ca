import type { ValidationErrors } from '@linq/contract';

/** Who answers, as the link says: a friend's signed token `t` or the form's public code `c`. */
export type Who = { t: string } | { c: string } | Record<string, never>;

/** A submission id the server saves an answer under once (URL-safe, 22+ characters). */
export function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A 422 answer's messages: those of the answer's fields (`values.<key>`) by field key, and the rest. */
export function answerErrorsOf(errors: ValidationErrors): { fields: Record<string, string>; others: string[] } {
  const fields: Record<string, string> = {};
  const others: string[] = [];
  for (const [path, { description }] of Object.entries(errors)) {
    const key = /^values\.([^.]+)/.exec(path)?.[1];
    if (key) fields[key] ??= description;
    else others.push(description);
  }
  return { fields, others };
}
