/**
 * Takeovers, leaving side: the account owner exports a channel's data from /account/takeovers,
 * watches it build and downloads the ZIP, which holds every dataset as CSV and JSON with a README.
 */
import { buffer } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import yauzl from 'yauzl';
import { chooseOption } from '../support/dialogs.ts';
import { it, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

/** The paths of a ZIP's entries. */
function entryNames(zip: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const names: string[] = [];
      file.on('error', reject);
      file.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        file.readEntry();
      });
      file.on('end', () => resolve(names));
      file.readEntry();
    });
  });
}

describe('full channel export', () => {
  let owner: Page;

  test.beforeAll(async ({ openFilePage }) => {
    owner = await openFilePage();
    await signIn(owner, 'account', 'account@demo.example', { path: '/account/takeovers' });
  });

  it('exports the channel and downloads the ZIP', async () => {
    await owner.getByTestId('export-panel').waitFor();
    await chooseOption(owner, 'export-channel', 'Demo Shop オンライン');
    await owner.getByTestId('export-create').click();
    // The newest export is first; its download appears once the worker has built it.
    const newest = owner.getByTestId('export-list').locator('tbody tr.ant-table-row').first();
    await newest.getByText('Demo Shop オンライン').waitFor();
    const downloadButton = newest.getByTestId('export-download');
    await downloadButton.waitFor({ timeout: 60_000 });
    await expect(newest.getByTestId('export-status').textContent()).resolves.toBe('完了');

    const [download] = await Promise.all([owner.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^channel-export-\d{4}-\d{2}-\d{2}\.zip$/);
    // The browser runs in another process: the file comes as a stream, not a local path.
    const zip = await buffer(await download.createReadStream());
    expect(zip.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
    const names = await entryNames(zip);
    const datasets = ['friends', 'talks', 'templates', 'plans', 'forms', 'form_answers', 'rich_menus'];
    expect(names).toEqual(expect.arrayContaining(['README.md', ...datasets.flatMap((d) => [`${d}.csv`, `${d}.json`])]));
    expect(names.some((name) => /^rich_menus\/images\/\d+\.(png|jpg)$/.test(name))).toBe(true);
  });
});
