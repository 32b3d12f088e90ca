import { permissionsWith } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { AREA_MENUS, selectedMenuItem, serviceLanding, visibleMenuItems } from './menus.ts';

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
    expect(labels).toEqual(['inquiry']);
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

  it("hides the agency managers' items from agency members", () => {
    const labels = (member: boolean) => visibleMenuItems(AREA_MENUS.agency, null, false, member).map((i) => i.label);
    expect(labels(false)).toContain('agencyUsers');
    expect(labels(true)).not.toContain('agencyUsers');
    expect(labels(true)).toContain('contracts');
  });
});

describe('serviceLanding', () => {
  it('is the dashboard home when the staff authority lets them view it', () => {
    expect(serviceLanding(permissionsWith('view', false))).toBe('/service');
  });

  it('is the first screen they may view without the dashboard', () => {
    const permissions = permissionsWith('view', false);
    permissions.features.dashboard = 'none';
    permissions.features.friends = 'none';
    expect(serviceLanding(permissions)).toBe('/service/talks');
  });

  it('is the inquiry, open to every staff member, when nothing is granted', () => {
    expect(serviceLanding(permissionsWith('none', false))).toBe('/service/inquiry');
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
