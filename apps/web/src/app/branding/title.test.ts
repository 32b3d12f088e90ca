import { describe, expect, it } from 'vitest';
import { documentTitle } from './title.ts';

const defaultOem = { service_name: 'LinQ', is_default: true };
const partner = { service_name: 'Partner Marketing', is_default: false };

describe('documentTitle', () => {
  it('uses the default title on the default host', () => {
    expect(documentTitle('/service/talks', defaultOem)).toBe('LinQ マーケティングツール');
    expect(documentTitle('/', null)).toBe('LinQ マーケティングツール');
  });

  it('is just the word for form on the form page', () => {
    expect(documentTitle('/form', defaultOem)).toBe('フォーム');
    expect(documentTitle('/form/', null)).toBe('フォーム');
  });

  it('prefixes the service name on other hosts', () => {
    expect(documentTitle('/service/talks', partner)).toBe('Partner Marketing LinQ マーケティングツール');
    expect(documentTitle('/form', partner)).toBe('Partner Marketing フォーム');
  });

  it('titles the admin login page with the service name and the admin-screen label', () => {
    expect(documentTitle('/admin/login', defaultOem)).toBe('LinQ 管理画面');
    expect(documentTitle('/admin/login', partner)).toBe('Partner Marketing 管理画面');
    expect(documentTitle('/admin/login', null)).toBe('LinQ 管理画面');
  });
});
