import { permissionsWith } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { AREA_MENUS, selectedMenuItem, visibleMenuItems } from './menus.ts';

describe('visibleMenuItems', () => {
  it('hides service features the staff authority grants none', () => {
    const permissions = permissionsWith('view', false);
    permissions.features.talks = 'none';
    const labels = visibleMenuItems(AREA_MENUS.service, permissions).map((item) => item.label);
    expect(labels).not.toContain('talks');
    expect(labels).toContain('friends');
    expect(labels).toContain('inquiry');
  });

  it('hides every feature item when nothing is granted', () => {
    const labels = visibleMenuItems(AREA_MENUS.service, permissionsWith('none', false)).map((item) => item.label);
    expect(labels).toEqual(['home', 'inquiry']);
  });

  it('shows everything without permissions (other areas)', () => {
    expect(visibleMenuItems(AREA_MENUS.account, null)).toHaveLength(AREA_MENUS.account.length);
  });

  it('shows platform-only items to platform admins only', () => {
    const labels = (platform: boolean) => visibleMenuItems(AREA_MENUS.admin, null, platform).map((i) => i.label);
    expect(labels(true)).toContain('teppanTemplates');
    expect(labels(false)).not.toContain('teppanTemplates');
    expect(labels(false)).toContain('lineAccounts');
  });
});

describe('selectedMenuItem', () => {
  it('picks the longest matching section', () => {
    expect(selectedMenuItem(AREA_MENUS.service, '/service/friends/3')?.label).toBe('friends');
    expect(selectedMenuItem(AREA_MENUS.service, '/service/templates/carousel/create')?.label).toBe('templates');
    expect(selectedMenuItem(AREA_MENUS.service, '/service')?.label).toBe('home');
    expect(selectedMenuItem(AREA_MENUS.account, '/account/users/5/edit')?.label).toBe('users');
  });
});
