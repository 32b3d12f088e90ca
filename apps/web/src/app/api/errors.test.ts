import { describe, expect, it } from 'vitest';
import { parseErrorsField, requestErrorDescription, requestErrorTitle } from './errors.ts';

describe('error catalogue', () => {
  it('titles a request error with its status and URL', () => {
    expect(requestErrorTitle(404, 'http://x/api/a')).toBe('Request error 404: http://x/api/a');
  });

  it('describes 200, 401 and 403 verbatim and other statuses by their status text', () => {
    expect(requestErrorDescription(200, 'OK')).toBe('The server successfully returned the requested data.');
    expect(requestErrorDescription(401, 'Unauthorized')).toBe('Permission denined ');
    expect(requestErrorDescription(403, 'Forbidden!')).toBe('Forbidden');
    expect(requestErrorDescription(409, 'Conflict')).toBe('Conflict');
    expect(requestErrorDescription(409, '')).toBe('Conflict');
    expect(requestErrorDescription(599, '')).toBe('599');
  });
});

describe('parseErrorsField', () => {
  it('reads a message string', () => {
    expect(parseErrorsField({ success: false, errors: 'nope' })).toEqual({ message: 'nope', fieldErrors: null });
  });

  it('reads field errors with dotted paths', () => {
    expect(
      parseErrorsField({ success: false, errors: { 'permissions.features.tags': { description: 'bad' }, junk: 1 } }),
    ).toEqual({ message: null, fieldErrors: { 'permissions.features.tags': { description: 'bad' } } });
  });

  it('tolerates bodies without errors', () => {
    expect(parseErrorsField(null)).toEqual({ message: null, fieldErrors: null });
    expect(parseErrorsField('text')).toEqual({ message: null, fieldErrors: null });
  });
});
