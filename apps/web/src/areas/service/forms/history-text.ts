import type { FormActions, FormActionSnapshot } from '@linq/contract';

/*
 * A form's recorded action changes in words: per place (the form, or a field's option), each action
 * whose setting differs before and after, with the names of what it names.
 */

export const ACTION_KEYS = [
  'add_tag_ids',
  'remove_tag_ids',
  'add_mark_ids',
  'remove_mark_ids',
  'plan_id',
  'rich_menu_id',
  'score',
] as const satisfies readonly (keyof FormActions)[];
export type ActionKey = (typeof ACTION_KEYS)[number];

/** Names of what actions name; an id not found (deleted since) reads as `missing`. */
export interface ActionNames {
  tag: (id: number) => string | undefined;
  mark: (id: number) => string | undefined;
  plan: (id: number) => string | undefined;
  richMenu: (id: number) => string | undefined;
  missing: string;
  none: string;
}

export interface ActionChange {
  key: ActionKey;
  before: string;
  after: string;
}

export interface PlaceChange {
  /** null: the form's own actions; otherwise the field's and option's labels. */
  option: { field: string; option: string } | null;
  changes: ActionChange[];
}

function describe(actions: FormActions | null, key: ActionKey, names: ActionNames): string {
  if (!actions) return names.none;
  const name = (lookup: (id: number) => string | undefined) => (id: number) => lookup(id) ?? names.missing;
  switch (key) {
    case 'add_tag_ids':
    case 'remove_tag_ids':
      return actions[key].length > 0 ? actions[key].map(name(names.tag)).join('、') : names.none;
    case 'add_mark_ids':
    case 'remove_mark_ids':
      return actions[key].length > 0 ? actions[key].map(name(names.mark)).join('、') : names.none;
    case 'plan_id':
      return actions.plan_id === null ? names.none : name(names.plan)(actions.plan_id);
    case 'rich_menu_id':
      return actions.rich_menu_id === null ? names.none : name(names.richMenu)(actions.rich_menu_id);
    case 'score':
      return actions.score === 0 ? names.none : actions.score > 0 ? `+${actions.score}` : String(actions.score);
  }
}

function changesOf(before: FormActions | null, after: FormActions | null, names: ActionNames): ActionChange[] {
  return ACTION_KEYS.map((key) => ({
    key,
    before: describe(before, key, names),
    after: describe(after, key, names),
  })).filter((change) => change.before !== change.after);
}

/** What changed between two snapshots of a form's actions, place by place (unchanged places left out). */
export function actionChanges(
  before: FormActionSnapshot | null,
  after: FormActionSnapshot,
  names: ActionNames,
): PlaceChange[] {
  const places: PlaceChange[] = [];
  const formChanges = changesOf(before?.form ?? null, after.form, names);
  if (formChanges.length > 0) places.push({ option: null, changes: formChanges });
  const id = (entry: { field_key: string; option_key: string }) => `${entry.field_key}/${entry.option_key}`;
  const earlier = new Map((before?.options ?? []).map((entry) => [id(entry), entry]));
  const seen = new Set<string>();
  for (const entry of after.options) {
    seen.add(id(entry));
    const changes = changesOf(earlier.get(id(entry))?.actions ?? null, entry.actions, names);
    if (changes.length > 0) places.push({ option: { field: entry.field_label, option: entry.option_label }, changes });
  }
  for (const entry of before?.options ?? []) {
    if (seen.has(id(entry))) continue;
    const changes = changesOf(entry.actions, null, names);
    if (changes.length > 0) places.push({ option: { field: entry.field_label, option: entry.option_label }, changes });
  }
  return places;
}
