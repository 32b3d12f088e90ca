import { staffAuthorityInput } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { splitFieldErrors, validationErrorsOf } from './forms.ts';

describe('splitFieldErrors', () => {
  it('maps dotted paths to field names and keeps unknown fields apart', () => {
    expect(
      splitFieldErrors(
        {
          name: { description: 'required' },
          'permissions.features.tags': { description: 'bad level' },
          'line_account_ids.0': { description: 'unknown channel' },
          id: { description: 'mismatch' },
        },
        ['name', 'permissions', 'line_account_ids'],
      ),
    ).toEqual({
      fields: [
        { name: ['name'], errors: ['required'] },
        { name: ['permissions', 'features', 'tags'], errors: ['bad level'] },
        { name: ['line_account_ids', 0], errors: ['unknown channel'] },
      ],
      others: ['mismatch'],
    });
  });
});

describe('validationErrorsOf', () => {
  it('returns the contract messages keyed by dotted path', () => {
    const errors = validationErrorsOf(staffAuthorityInput, { name: '  ', permissions: { features: {} } });
    expect(errors?.name?.description).toBe('入力してください');
    expect(errors?.['permissions.features.dashboard']).toBeDefined();
  });

  it('returns null for valid values', () => {
    expect(validationErrorsOf(staffAuthorityInput.pick({ name: true }), { name: 'ok' })).toBeNull();
  });
});
