import {
  formPublicPath,
  isChoiceType,
  type Form,
  type FormActions,
  type FormActionSnapshot,
  type FormAnswer,
  type FormAnswerItem,
  type FormField,
  type FormState,
  type FormValue,
  type FormValues,
} from '@linq/contract';
import type * as repo from './repository.ts';

/* How forms and answers read: the form's state now, an answer as text, the actions as history keeps them. */

/** Where the form stands at `now`: outside its period, full, or open. */
export function stateOf(row: repo.FormRow, now: Date): FormState {
  const { opens_at, closes_at, max_answers } = row.settings;
  if (opens_at && now < new Date(opens_at)) return 'scheduled';
  if (closes_at && now >= new Date(closes_at)) return 'closed';
  if (max_answers !== null && row.answerCount >= max_answers) return 'full';
  return 'open';
}

export function presentForm(row: repo.FormRow, now: Date): Form {
  return {
    id: row.id,
    name: row.name,
    folder_id: row.folderId,
    title: row.title,
    description: row.description,
    fields: row.fields,
    settings: row.settings,
    actions: row.actions,
    answer_count: row.answerCount,
    state: stateOf(row, now),
    public_path: row.settings.allow_anonymous ? formPublicPath(row.publicCode) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const optionLabel = (field: FormField, key: string) => field.options.find((option) => option.key === key)?.label ?? key;

/** An answer to one field as staff (and mapped friend fields) read it. */
export function answerText(field: FormField, value: FormValue): string {
  if (Array.isArray(value)) return value.map((key) => optionLabel(field, key)).join('、');
  if (typeof value === 'boolean') return value ? '同意する' : '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') {
    const code = value.postal_code ? `〒${value.postal_code.slice(0, 3)}-${value.postal_code.slice(3)} ` : '';
    return `${code}${value.prefecture}${value.city}${value.rest}`.trim();
  }
  if (field.type === 'image') return '';
  return isChoiceType(field.type) ? optionLabel(field, value) : value;
}

/** Each answered question with its label now and its answer as text (images by their address). */
export function answerItems(fields: FormField[], values: FormValues, images: Map<string, string>): FormAnswerItem[] {
  return fields.flatMap((field) => {
    const value = values[field.key];
    if (value === undefined || field.type === 'heading') return [];
    return [
      {
        key: field.key,
        label: field.label,
        type: field.type,
        text: answerText(field, value),
        image_url: field.type === 'image' && typeof value === 'string' ? (images.get(value) ?? null) : null,
      },
    ];
  });
}

export function presentAnswer(row: repo.AnswerListRow): FormAnswer {
  return {
    id: row.id,
    form_id: row.formId,
    form_name: row.formName,
    friend: row.friendId !== null && row.friendName !== null ? { id: row.friendId, name: row.friendName } : null,
    values: row.values,
    items: row.items,
    answered_at: row.answeredAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
  };
}

const isEmpty = (actions: FormActions) =>
  actions.add_tag_ids.length +
    actions.remove_tag_ids.length +
    actions.add_mark_ids.length +
    actions.remove_mark_ids.length ===
    0 &&
  actions.plan_id === null &&
  actions.rich_menu_id === null &&
  actions.score === 0;

/** The form's actions (its own, and each option's that does something), as its history records them. */
export function actionSnapshot(form: { fields: FormField[]; actions: FormActions }): FormActionSnapshot {
  return {
    form: form.actions,
    options: form.fields.flatMap((field) =>
      field.options
        .filter((option) => !isEmpty(option.actions))
        .map((option) => ({
          field_key: field.key,
          field_label: field.label,
          option_key: option.key,
          option_label: option.label,
          actions: option.actions,
        })),
    ),
  };
}
