import { describe, expect, it } from 'vitest';
import { areaOf, loggedOutPath } from './areas.ts';

describe('areaOf', () => {
  it('takes the area from the path prefix', () => {
    expect(areaOf('/admin')).toBe('admin');
    expect(areaOf('/admin/accounts/1')).toBe('admin');
    expect(areaOf('/account/users')).toBe('account');
    expect(areaOf('/agency/login')).toBe('agency');
    expect(areaOf('/service/talks')).toBe('service');
  });

  it('treats public routes as outside any area and anything else as service', () => {
    for (const path of ['/', '/form', '/inflow', '/links', '/redirects/5', '/rich-menu', '/privacy-policy', '/rule/']) {
      expect(areaOf(path)).toBe('public');
    }
    expect(areaOf('/unknown')).toBe('service');
    expect(areaOf('/administrator')).toBe('service');
  });

  it('sends agency logouts to the login page', () => {
    expect(loggedOutPath('agency')).toBe('/agency/login');
    expect(loggedOutPath('service')).toBe('/service/logged-out');
  });
});
