import { describe, expect, it } from 'vitest';
import { areaOf, isAuthPath, isChannelPath, loggedOutPath } from './areas.ts';

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

describe('isChannelPath', () => {
  it('is every service screen behind the login, with or without a trailing slash', () => {
    for (const path of ['/service', '/service/', '/service/talks/5', '/service/templates/text_message/edit/3']) {
      expect(isChannelPath(path), path).toBe(true);
    }
  });

  it('is not a login or recovery screen, another area or a public page', () => {
    for (const path of [
      '/service/login',
      '/service/logged-out',
      '/service/forgot-password',
      '/service/reset-password',
      '/services',
      '/account/users',
      '/admin',
      '/',
      '/form',
      '/unknown',
    ]) {
      expect(isChannelPath(path), path).toBe(false);
    }
  });
});

describe('isAuthPath', () => {
  it('is a screen that needs no session, in any area', () => {
    for (const path of [
      '/service/login',
      '/account/logged-out/',
      '/agency/reset-password/x',
      '/agency/forgot-password',
    ]) {
      expect(isAuthPath(path), path).toBe(true);
    }
    for (const path of ['/service', '/service/friends', '/account', '/admin/accounts/1']) {
      expect(isAuthPath(path), path).toBe(false);
    }
  });
});
