import { isPrefecture, normalizePostalCode } from '../addresses.ts';
import { isCalendarDate } from '../friends.ts';
import {
  FORM_TEXT_ANSWER_MAX,
  type FormAddress,
  type FormCondition,
  type FormDefinition,
  type FormField,
  type FormValue,
  type FormValues,
} from './model.ts';

/*
 * Answer validation, the same on the public page (before sending) and on the server (which trusts
 * nothing the page did): which fields are shown, and each shown field's answer checked and
 * normalised. A field hidden by its condition is not required and its value is dropped.
 */

export type FormValidation = { ok: true; values: FormValues } | { ok: false; errors: Record<string, string> };

const toHalfWidthDigits = (text: string) =>
  text.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object')
    return Object.values(value as Record<string, unknown>).some(
      (part) => typeof part === 'string' && part.trim() !== '',
    );
  return true;
}

function conditionMet(condition: FormCondition, value: unknown): boolean {
  if (condition.operator === 'answered') return isAnswered(value);
  if (condition.operator === 'includes') return Array.isArray(value) && value.includes(condition.value);
  if (Array.isArray(value)) return value.length === 1 && value[0] === condition.value;
  if (typeof value === 'number') return String(value) === condition.value;
  return typeof value === 'string' && value.trim() === condition.value;
}

/** The fields shown for these answers, in order: a field with a condition only when its earlier field is shown and meets it. */
export function visibleFields(definition: FormDefinition, values: Record<string, unknown>): FormField[] {
  const shown = new Set<string>();
  const result: FormField[] = [];
  for (const field of definition.fields) {
    const { condition } = field;
    if (condition && !(shown.has(condition.field_key) && conditionMet(condition, values[condition.field_key])))
      continue;
    shown.add(field.key);
    result.push(field);
  }
  return result;
}

const KATAKANA = /^[\u30A0-\u30FF\s\u3000]+$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?\d{10,15}$/;
const INTEGER = /^-?\d+$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const UPLOAD_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

const length = (text: string) => [...text].length;

function lengthError(field: FormField, text: string): string | null {
  const count = length(text);
  const max = Math.min(field.max_length ?? FORM_TEXT_ANSWER_MAX, FORM_TEXT_ANSWER_MAX);
  if (count > max) return `${max}文字以内で入力してください`;
  if (field.min_length !== null && count < field.min_length) return `${field.min_length}文字以上で入力してください`;
  return null;
}

/** A phone number as typed (全角, hyphens, spaces, brackets) to its digits; null when it is not one. */
export function normalizePhone(input: string): string | null {
  const digits = toHalfWidthDigits(input)
    .replace(/[\s\-‐－ー−()（）]/g, '')
    .replace(/＋/g, '+');
  return PHONE.test(digits) ? digits : null;
}

type Checked = { value: FormValue } | { error: string };

function checkText(field: FormField, raw: string): Checked {
  const text = raw.trim();
  const tooLong = lengthError(field, text);
  if (tooLong) return { error: tooLong };
  switch (field.check) {
    case null:
      return { value: text };
    case 'katakana':
      return KATAKANA.test(text) ? { value: text } : { error: 'カタカナで入力してください' };
    case 'email':
      return EMAIL.test(text) ? { value: text } : { error: 'メールアドレスの形式が正しくありません' };
    case 'phone': {
      const phone = normalizePhone(text);
      return phone ? { value: phone } : { error: '電話番号の形式が正しくありません' };
    }
    case 'integer': {
      const digits = toHalfWidthDigits(text);
      return INTEGER.test(digits) ? { value: digits } : { error: '整数で入力してください' };
    }
    case 'date':
      return isCalendarDate(text) ? { value: text } : { error: '存在する日付を YYYY-MM-DD の形式で入力してください' };
    case 'time':
      return TIME.test(text) ? { value: text } : { error: '時刻を HH:MM の形式で入力してください' };
    case 'postal_code': {
      const code = normalizePostalCode(text);
      return code ? { value: code } : { error: '郵便番号は7桁の数字で入力してください' };
    }
  }
}

function optionKeys(field: FormField): Set<string> {
  return new Set(field.options.map((option) => option.key));
}

function checkAddress(raw: unknown, required: boolean): Checked | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { error: '住所の形式が正しくありません' };
  const parts = raw as Record<string, unknown>;
  const part = (name: keyof FormAddress) => (typeof parts[name] === 'string' ? (parts[name] as string).trim() : '');
  const address = {
    postal_code: part('postal_code'),
    prefecture: part('prefecture'),
    city: part('city'),
    rest: part('rest'),
  };
  if (!Object.values(address).some((text) => text !== '')) return null;
  if (address.postal_code !== '') {
    const code = normalizePostalCode(address.postal_code);
    if (!code) return { error: '郵便番号は7桁の数字で入力してください' };
    address.postal_code = code;
  } else if (required) return { error: '郵便番号を入力してください' };
  if (address.prefecture === '' ? required : !isPrefecture(address.prefecture))
    return { error: '都道府県を選択してください' };
  if (required && address.city === '') return { error: '市区町村を入力してください' };
  if (Object.values(address).some((text) => length(text) > 500)) return { error: '500文字以内で入力してください' };
  return { value: address };
}

/** One shown field's answer: null when unanswered, else the normalised value or the error. */
function checkField(field: FormField, raw: unknown): Checked | null {
  switch (field.type) {
    case 'heading':
      return null;
    case 'checkbox': {
      if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) return null;
      const keys = optionKeys(field);
      if (!Array.isArray(raw) || raw.some((item) => typeof item !== 'string' || !keys.has(item)))
        return { error: '選択肢から選んでください' };
      const chosen = field.options.map((option) => option.key).filter((key) => raw.includes(key));
      if (field.min_value !== null && chosen.length < field.min_value)
        return { error: `${field.min_value}個以上選んでください` };
      if (field.max_value !== null && chosen.length > field.max_value)
        return { error: `${field.max_value}個以内で選んでください` };
      return { value: chosen };
    }
    case 'consent':
      if (raw === undefined || raw === null || raw === false) return null;
      return raw === true ? { value: true } : { error: '同意の形式が正しくありません' };
    case 'address':
      if (raw === undefined || raw === null) return null;
      return checkAddress(raw, field.required);
    case 'number': {
      if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
      const number = typeof raw === 'number' ? raw : Number(toHalfWidthDigits(String(raw).trim()));
      if ((typeof raw !== 'number' && typeof raw !== 'string') || !Number.isFinite(number))
        return { error: '数値で入力してください' };
      if (field.min_value !== null && number < field.min_value)
        return { error: `${field.min_value}以上で入力してください` };
      if (field.max_value !== null && number > field.max_value)
        return { error: `${field.max_value}以下で入力してください` };
      return { value: number };
    }
    default:
      break;
  }
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') return { error: '入力の形式が正しくありません' };
  const text = raw.trim();
  if (text === '') return null;
  switch (field.type) {
    case 'text':
      return checkText(field, raw);
    case 'textarea': {
      const tooLong = lengthError(field, text);
      return tooLong ? { error: tooLong } : { value: text };
    }
    case 'email': {
      const tooLong = lengthError(field, text);
      if (tooLong) return { error: tooLong };
      return EMAIL.test(text) ? { value: text } : { error: 'メールアドレスの形式が正しくありません' };
    }
    case 'phone': {
      const phone = normalizePhone(text);
      return phone ? { value: phone } : { error: '電話番号の形式が正しくありません' };
    }
    case 'date':
      return isCalendarDate(text) ? { value: text } : { error: '存在する日付を入力してください' };
    case 'time':
      return TIME.test(text) ? { value: text } : { error: '時刻を HH:MM の形式で入力してください' };
    case 'select':
    case 'radio':
      return optionKeys(field).has(text) ? { value: text } : { error: '選択肢から選んでください' };
    case 'prefecture':
      return isPrefecture(text) ? { value: text } : { error: '都道府県を選択してください' };
    case 'image':
      return UPLOAD_TOKEN.test(text) ? { value: text } : { error: '画像をアップロードし直してください' };
  }
}

function requiredMessage(field: FormField): string {
  if (field.type === 'consent') return '同意してください';
  if (field.type === 'image') return '画像をアップロードしてください';
  if (field.type === 'select' || field.type === 'radio' || field.type === 'checkbox' || field.type === 'prefecture')
    return '選択してください';
  return '入力してください';
}

/**
 * The answers checked against the form: the normalised values of the shown fields (unanswered ones
 * left out, hidden ones dropped, unknown keys ignored), or a Japanese message per field key.
 */
export function validateAnswer(definition: FormDefinition, values: Record<string, unknown>): FormValidation {
  const errors: Record<string, string> = {};
  const normalised: FormValues = {};
  for (const field of visibleFields(definition, values)) {
    if (field.type === 'heading') continue;
    const checked = checkField(field, values[field.key]);
    if (checked === null) {
      if (field.required) errors[field.key] = requiredMessage(field);
    } else if ('error' in checked) errors[field.key] = checked.error;
    else normalised[field.key] = checked.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values: normalised };
}
