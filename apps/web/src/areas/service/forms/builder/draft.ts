import {
  formInput,
  formSettings,
  isChoiceType,
  NO_FORM_ACTIONS,
  type Form,
  type FormActions,
  type FormField,
  type FormFieldType,
  type FormOption,
  type FormSettings,
  type ValidationErrors,
} from '@linq/contract';

/*
 * The builder's draft of a form and the pure steps that change it: new fields and options with
 * stable keys, moves, which earlier fields a condition may name, and the messages of a refused save.
 */

export interface Draft {
  name: string;
  folder_id: number | null;
  title: string;
  description: string;
  fields: FormField[];
  settings: FormSettings;
  actions: FormActions;
}

export const DEFAULT_SETTINGS: FormSettings = formSettings.parse({});

export function draftOf(form: Form | null, folderId: number | null): Draft {
  return form
    ? {
        name: form.name,
        folder_id: form.folder_id,
        title: form.title,
        description: form.description,
        fields: form.fields,
        settings: form.settings,
        actions: form.actions,
      }
    : {
        name: '',
        folder_id: folderId,
        title: '',
        description: '',
        fields: [],
        settings: DEFAULT_SETTINGS,
        actions: NO_FORM_ACTIONS,
      };
}

/**
 * A new key: random, so a field or option removed and added again never takes the key of one that
 * has answers (answers are stored by key). Keys are internal: never shown.
 */
export function freshKey(prefix: string, taken: readonly { key: string }[]): string {
  const used = new Set(taken.map((item) => item.key));
  for (;;) {
    const key = `${prefix}${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)}`;
    if (!used.has(key)) return key;
  }
}

export function newOption(options: readonly FormOption[], label: string): FormOption {
  return { key: freshKey('o', options), label, actions: NO_FORM_ACTIONS };
}

/** A new field of a type, with what it needs to be valid (choices get two options). */
export function newField(
  type: FormFieldType,
  fields: readonly FormField[],
  labels: { label: string; option: (n: number) => string },
): FormField {
  const options: FormOption[] = [];
  if (isChoiceType(type)) {
    options.push(newOption(options, labels.option(1)));
    options.push(newOption(options, labels.option(2)));
  }
  return {
    key: freshKey('f', fields),
    type,
    label: labels.label,
    help: '',
    required: false,
    placeholder: '',
    min_length: null,
    max_length: null,
    min_value: null,
    max_value: null,
    options,
    mapping: null,
    check: null,
    condition: null,
  };
}

/** The list with the item at `from` moved to `to` (out-of-range moves change nothing). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * After a move or a removal: a condition must name a field still before it, otherwise it goes (a
 * field shown on a condition that can no longer be met would never be shown).
 */
export function withValidConditions(fields: readonly FormField[]): FormField[] {
  return fields.map((field, index) => {
    if (!field.condition) return field;
    const key = field.condition.field_key;
    return fields.slice(0, index).some((earlier) => earlier.key === key) ? field : { ...field, condition: null };
  });
}

/** The earlier fields a field's condition may name (those with an answer). */
export function conditionSources(fields: readonly FormField[], index: number): FormField[] {
  return fields.slice(0, index).filter((field) => field.type !== 'heading');
}

/** The fields' types that take a placeholder, length limits, or a value range. */
export const TAKES_PLACEHOLDER: readonly FormFieldType[] = ['text', 'textarea', 'number', 'email', 'phone', 'select'];
export const TAKES_LENGTH: readonly FormFieldType[] = ['text', 'textarea', 'email'];
export const TAKES_RANGE: readonly FormFieldType[] = ['number', 'checkbox'];
/** Types whose answer can be written on the friend (as text). */
export const MAPPABLE: readonly FormFieldType[] = [
  'text',
  'textarea',
  'number',
  'email',
  'phone',
  'date',
  'time',
  'select',
  'radio',
  'checkbox',
  'prefecture',
  'address',
];

/** The draft checked by the contract: a message per path (`fields.2.label`), as a 422 gives them. */
export function draftErrors(draft: Draft): Record<string, string> {
  const result = formInput.safeParse(draft);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** A 422's messages by path. */
export function serverErrors(errors: ValidationErrors): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, { description }]) => [path, description]));
}

/** Messages under a path prefix (a field's, to mark its card). */
export function errorsUnder(errors: Record<string, string>, prefix: string): string[] {
  return Object.entries(errors)
    .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
    .map(([, message]) => message);
}
