import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/kit.ts';

const t = useTestApp({ tenants: 0 });
beforeAll(async () => {
  await t.factory.oem({ domain: 'localhost', isDefault: true, serviceName: 'LinQ', faviconUrl: '/favicon.svg' });
  await t.factory.oem({
    domain: 'partner.localhost',
    serviceName: 'Partner Marketing',
    faviconUrl: '/branding/partner-favicon.svg',
    primaryColor: '#7B3FE4',
  });
});

describe('GET /oems', () => {
  it('answers the OEM of the host with service name, favicon and theme', async () => {
    const r = await t.request({ method: 'GET', path: '/oems', query: { domain: 'partner.localhost' } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      service_name: 'Partner Marketing',
      domain: 'partner.localhost',
      is_default: false,
      image_urls: { favicon_url: '/branding/partner-favicon.svg' },
      theme: { primary_color: '#7B3FE4' },
    });
  });

  it('ignores case and port in the host name', async () => {
    const r = await t.request({ method: 'GET', path: '/oems', query: { domain: 'Partner.Localhost:3000' } });
    expect((r.json.data as { service_name: string }).service_name).toBe('Partner Marketing');
  });

  it('gives unknown hosts and a missing domain the default OEM', async () => {
    for (const query of [{ domain: 'unknown.example' }, {}] as Record<string, string>[]) {
      const r = await t.request({ method: 'GET', path: '/oems', query });
      expect(r.status).toBe(200);
      expect(r.json.data).toMatchObject({ service_name: 'LinQ', is_default: true, domain: 'localhost' });
    }
  });
});
