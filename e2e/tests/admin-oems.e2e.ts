import { deflateSync } from 'node:zlib';
import { inject, describe, expect } from 'vitest';
import { uniqueSuffix } from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

/** A real 16×16 PNG of one colour, built here (the server reads its header; the browser shows it). */
function solidPng(rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('OEMs in the admin area', () => {
  it('a platform admin creates an OEM whose domain shows its landing, title, favicon, colours and privacy page', async ({
    page,
    openPage,
  }) => {
    const suffix = uniqueSuffix();
    const domain = `oem-${suffix}.localhost`;
    const serviceName = `E2E Brand ${suffix}`;

    await signIn(page, 'admin', 'admin@demo.example', { path: '/admin/oem' });
    await page.getByTestId('oems-table').waitFor();
    await page.getByTestId('create-button').click();
    await page.waitForURL(/\/admin\/oem\/create$/);

    await page.getByTestId('field-service_name').fill(serviceName);
    await page.getByTestId('field-name').fill(`E2E OEM ${suffix}`);
    // The default OEM's domain is taken: refused on the field.
    await page.getByTestId('field-domains').fill('localhost');
    await page.getByTestId('field-primary_color').fill('#C2185B');
    await page.getByTestId('field-header_color').fill('#1A237E');
    await page.getByTestId('field-sider_color').fill('#263238');
    await page.getByTestId('favicon-file').setInputFiles({
      name: 'favicon.png',
      mimeType: 'image/png',
      buffer: solidPng([0xc2, 0x18, 0x5b]),
    });
    await page.getByTestId('favicon-preview').waitFor();
    await page.getByTestId('field-landing_text').fill(`${serviceName} のトップページです。`);
    await page.getByTestId('form-submit').click();
    await page.getByText('このドメイン（localhost）は既に使われています').waitFor();
    expect(page.url()).toMatch(/\/create$/);

    await page.getByTestId('field-domains').fill(domain);
    await page.getByTestId('form-submit').click();
    await page.waitForURL(/\/admin\/oem$/);
    const row = page.locator('[data-testid^="oem-row-"]', { hasText: serviceName });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(domain);

    // The new OEM's domain, in a browser of its own: Chromium resolves *.localhost to this machine.
    const visitor = await openPage({ origin: `http://${domain}:${inject('port')}` });
    await visitor.goto('/');
    await expect(visitor.getByTestId('landing-service-name').textContent()).resolves.toBe(serviceName);
    await expect(visitor.getByTestId('landing-text').textContent()).resolves.toContain('のトップページです。');
    await visitor.waitForFunction((name) => document.title.startsWith(name), serviceName);
    await visitor.waitForFunction(() =>
      document.querySelector('link[rel~="icon"]')?.getAttribute('href')?.startsWith('/files/'),
    );
    const favicon = await visitor.evaluate(() => document.querySelector('link[rel~="icon"]')!.getAttribute('href')!);
    // Fetched by the page itself: only the browser resolves the OEM's *.localhost name.
    const servedType = await visitor.evaluate(async (url) => (await fetch(url)).headers.get('content-type'), favicon);
    expect(servedType).toBe('image/png');
    // Its primary colour drives the theme.
    await expect
      .poll(() =>
        visitor
          .getByTestId('landing-login-service')
          .locator('button')
          .evaluate((button) => getComputedStyle(button).backgroundColor),
      )
      .toBe('rgb(194, 24, 91)');

    // No privacy policy yet; the admin writes one for this OEM, and the public page shows it.
    await visitor.getByTestId('landing-privacy-link').click();
    await visitor.getByTestId('oem-page-empty').waitFor();

    // The platform admin acts on the new OEM (the header's picker) and writes its privacy policy.
    await page.getByTestId('acting-oem').click();
    await page
      .getByTestId('acting-oem-option')
      .filter({ hasText: `E2E OEM ${suffix}` })
      .click();
    await page.getByTestId('menu-oemPrivacy').click();
    await page.waitForURL(/\/admin\/oem-privacy$/);
    await page.getByTestId('field-body-privacy_policy').waitFor();
    await page
      .getByTestId('field-body-privacy_policy')
      .fill(`# ${serviceName} の個人情報保護方針\n**大切に**扱います。<script>x</script>`);
    await page.getByTestId('preview-privacy_policy').getByText('大切に').waitFor();
    await page.getByTestId('save-privacy_policy').click();
    await page.getByTestId('history-privacy_policy').getByTestId('view-version-1').waitFor();

    await visitor.reload();
    const body = visitor.getByTestId('oem-page-body');
    await body.waitFor();
    await expect(body.locator('h1').textContent()).resolves.toBe(`${serviceName} の個人情報保護方針`);
    await expect(body.locator('strong').textContent()).resolves.toBe('大切に');
    // Markup in the text stays text.
    expect(await body.locator('script').count()).toBe(0);
    await expect(body.textContent()).resolves.toContain('<script>x</script>');
  }, 180_000);
});
