import type { ValidationErrors } from '@linq/contract';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { isApiError } from './api/errors.ts';

/** What these helpers need of a contract (zod) schema. */
export interface ContractSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/** Splits 422 messages into those for the form's own fields (by top-level name) and the rest. */
export function splitFieldErrors(
  errors: ValidationErrors,
  fieldNames: readonly string[],
): { fields: FieldError[]; others: string[] } {
  const fields: FieldError[] = [];
  const others: string[] = [];
  for (const [path, { description }] of Object.entries(errors)) {
    const name = path.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    if (typeof name[0] === 'string' && fieldNames.includes(name[0])) fields.push({ name, errors: [description] });
    else others.push(description);
  }
  return { fields, others };
}

/** Validates with a contract schema; the messages are the server's own, keyed like a 422 body. */
export function validationErrorsOf(schema: ContractSchema, values: unknown): ValidationErrors | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: ValidationErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= { description: issue.message };
  }
  return errors;
}

/** An antd rule that checks one field against its contract schema. */
export function schemaRule(schema: ContractSchema): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      return result.success ? Promise.resolve() : Promise.reject(new Error(result.error.issues[0]?.message));
    },
  };
}

/**
 * Puts a 422 answer's messages on the form fields. Returns the messages naming no field of the form
 * (to show above it), or null when the error is not a validation error.
 */
export function showFieldErrors(form: FormInstance, error: unknown, fieldNames: readonly string[]): string[] | null {
  if (!isApiError(error, 422) || !error.fieldErrors) return null;
  const { fields, others } = splitFieldErrors(error.fieldErrors, fieldNames);
  form.setFields(fields);
  return others;
}
