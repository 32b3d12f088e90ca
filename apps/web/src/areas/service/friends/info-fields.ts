import type { InfoField, InfoFieldInput, ValidationErrors } from '@linq/contract';
import dayjs, { type Dayjs } from 'dayjs';

/*
 * Friend info fields (友だち情報欄): the API keeps every value as a string (text as entered, a number, a
 * YYYY-MM-DD date or one of a select field's options); the form edits them with an input per type.
 */

export const INFO_DATE_FORMAT = 'YYYY-MM-DD';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored YYYY-MM-DD value as a date, or null. */
function storedDate(raw: string): Dayjs | null {
  const date = DATE_ONLY.test(raw) ? dayjs(raw) : null;
  return date?.isValid() ? date : null;
}

export type InfoFormValue = string | number | Dayjs | null | undefined;
/** Form values keyed by the field id. */
export type InfoFormValues = Record<string, InfoFormValue>;

export interface InfoValue {
  field_id: number;
  value: string;
}

/** The form name of a field's value. */
export const infoFormName = (field: Pick<InfoField, 'id'>) => String(field.id);

/** A stored value as its field's input holds it; values that do not fit the type are left empty. */
export function toInfoFormValue(field: InfoField, raw: string | undefined): InfoFormValue {
  if (raw === undefined || raw === '') return undefined;
  switch (field.field_type) {
    case 'number': {
      const number = Number(raw);
      return Number.isFinite(number) ? number : undefined;
    }
    case 'date':
      return storedDate(raw) ?? undefined;
    default:
      return raw;
  }
}

/** An input's value as the API stores it; an empty input is '' (which clears the value). */
export function fromInfoFormValue(field: InfoField, value: InfoFormValue): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value.trim();
  return field.field_type === 'date' && value.isValid() ? value.format(INFO_DATE_FORMAT) : '';
}

export function infoFormValues(fields: readonly InfoField[], values: readonly InfoValue[] | null): InfoFormValues {
  const stored = new Map((values ?? []).map((value) => [value.field_id, value.value]));
  return Object.fromEntries(fields.map((field) => [infoFormName(field), toInfoFormValue(field, stored.get(field.id))]));
}

/** Every field's value, so that emptied inputs clear theirs. */
export function infoValuesPayload(fields: readonly InfoField[], form: InfoFormValues): InfoValue[] {
  return fields.map((field) => ({ field_id: field.id, value: fromInfoFormValue(field, form[infoFormName(field)]) }));
}

/** A stored value as read-only text (dates shown as the console shows dates). */
export function infoValueText(field: InfoField, raw: string | undefined): string {
  if (!raw) return '';
  return field.field_type === 'date' ? (storedDate(raw)?.format('YYYY/MM/DD') ?? raw) : raw;
}

/**
 * 422 messages of a setInfoValues call (`values.<n>.value`, `values.<n>.field_id`) on the inputs of the
 * fields they name; the rest are shown above the form.
 */
export function infoValueFieldErrors(
  errors: ValidationErrors,
  payload: readonly InfoValue[],
): { fields: { name: string; errors: string[] }[]; others: string[] } {
  const fields: { name: string; errors: string[] }[] = [];
  const others: string[] = [];
  for (const [path, { description }] of Object.entries(errors)) {
    const match = /^values\.(\d+)(\.|$)/.exec(path);
    const value = match ? payload[Number(match[1])] : undefined;
    if (value) fields.push({ name: infoFormName({ id: value.field_id }), errors: [description] });
    else others.push(description);
  }
  return { fields, others };
}

/** What the info field form edits. */
export interface InfoFieldFormValues {
  name: string;
  field_type: InfoField['field_type'];
  options?: (string | undefined)[];
  sort_index?: number | null;
}

/** The API input: options only for a select field, without blanks. */
export function infoFieldPayload(values: InfoFieldFormValues): InfoFieldInput {
  const options =
    values.field_type === 'select'
      ? (values.options ?? []).map((option) => (option ?? '').trim()).filter((option) => option !== '')
      : [];
  return { name: values.name, field_type: values.field_type, options, sort_index: values.sort_index ?? 0 };
}

export function infoFieldFormValues(field: InfoField | null): InfoFieldFormValues {
  if (!field) return { name: '', field_type: 'text', options: [], sort_index: 0 };
  return { name: field.name, field_type: field.field_type, options: [...field.options], sort_index: field.sort_index };
}
