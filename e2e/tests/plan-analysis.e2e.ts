/**
 * Plan analysis in the browser, on the demo survey's past run (seeded once the demo friends have
 * joined: box-0 sent to five, refused for one, 満足 tapped by three and 不満 by one, one friend
 * still waiting at box-0): the list's headline figures, the diagram's figures per box and option
 * (boxes named by their words, laid out without overlap, timing labels in view, the minimap
 * drawn), a day range without sends, the friends waiting at a box with a link to their page, and
 * the CSV.
 */
import { buffer } from 'node:stream/consumers';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { planAnalysisApi } from '@linq/contract';
import { demoFriendsJoined, serviceApi, until } from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { serviceScreen, signIn } from '../support/session.ts';

const SURVEY = 'ご来店アンケート（配信済み）';

/** Logs in as the demo staff and answers the demo survey's id once its history is there. */
async function surveyWithHistory(page: Page): Promise<number> {
  await signIn(page, 'service', 'staff@demo.example', { path: '/service/plan-analysis' });
  await page.waitForFunction(() => localStorage.getItem('laid') !== null);
  await demoFriendsJoined(page);
  return until(
    async () => {
      const { data } = await serviceApi(page, planAnalysisApi.list, { query: { q: SURVEY } });
      const survey = data.find((plan) => plan.name === SURVEY);
      return survey && survey.sent_count > 0 ? survey.id : undefined;
    },
    30_000,
    "the demo survey's history",
  );
}

const textOf = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe('plan analysis', () => {
  it('shows the headline figures, the figures on the diagram and the friends waiting at a box', async ({ page }) => {
    const id = await surveyWithHistory(page);
    await page.goto(`/service/plan-analysis?q=${encodeURIComponent(SURVEY)}`);
    await page.getByTestId(`analysis-row-${id}`).waitFor();
    expect(await textOf(page, `analysis-enrolled-${id}`)).toBe('1人');
    expect(await textOf(page, `analysis-sent-${id}`)).toBe('9通');
    expect(await textOf(page, `analysis-failed-${id}`)).toBe('1通');
    expect(await textOf(page, `analysis-finished-${id}`)).toBe('4人');

    await page.getByTestId(`analysis-link-${id}`).click();
    await page.waitForURL(serviceScreen(`/service/plan-analysis/${id}`));
    await page.getByTestId('analysis-box-box-0').waitFor();
    expect(await textOf(page, 'analysis-plan-name')).toBe(SURVEY);
    expect(await textOf(page, 'figure-sent-box-0')).toBe('5');
    expect(await textOf(page, 'figure-failed-box-0')).toBe('1');
    expect(await textOf(page, 'figure-waiting-box-0')).toContain('1');
    expect(await textOf(page, 'option-figures-box-0-option-n-0')).toBe('3 (60%)');
    expect(await textOf(page, 'option-figures-box-0-option-n-1')).toBe('1 (20%)');
    expect(await textOf(page, 'figure-sent-box-1-0')).toBe('3');
    expect(await textOf(page, 'figure-sent-box-1-1')).toBe('1');
    expect(await textOf(page, 'figure-waiting-box-1-0')).toContain('0');
    expect(await textOf(page, 'figure-blocked-box-0')).toBe('0');

    // Boxes are named by their message's first words, never by their ids.
    const diagram = page.getByTestId('analysis-diagram');
    const box0Name = (await textOf(page, 'analysis-box-name-box-0'))!;
    expect(box0Name.length).toBeGreaterThan(0);
    expect(await diagram.locator('.react-flow__nodes').textContent()).not.toMatch(/box-\d/);
    // The confirm box ends above its children, and the timing labels between them are not covered.
    const bottomOf = async (testId: string) => {
      const box = (await page.getByTestId(testId).boundingBox())!;
      return box.y + box.height;
    };
    const topOf = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y;
    expect(await bottomOf('analysis-box-box-0')).toBeLessThan(await topOf('analysis-box-box-1-0'));
    const boxes = await diagram
      .locator('[data-testid^="analysis-box-box-"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect));
    for (const end of ['box-1-0', 'box-1-1']) {
      const label = page.getByTestId(`analysis-timing-${end}`);
      await label.waitFor();
      expect(await label.isVisible()).toBe(true);
      const at = (await label.boundingBox())!;
      const covered = boxes.some(
        (box) => at.x < box.right && at.x + at.width > box.left && at.y < box.bottom && at.y + at.height > box.top,
      );
      expect(covered).toBe(false);
    }
    // The minimap draws the boxes.
    expect(await diagram.locator('.react-flow__minimap-node').count()).toBeGreaterThanOrEqual(3);

    // The one friend still waiting at box-0 for a tap, with a link to the friend's page.
    await page.getByTestId('figure-waiting-box-0').click();
    const drawer = page.getByTestId('waiting-friends');
    const friend = drawer.locator('[data-testid^="waiting-friend-"]');
    await friend.first().waitFor();
    expect(await page.locator('.ant-drawer-title').textContent()).toContain(box0Name);
    expect(await friend.count()).toBe(1);
    await friend.getByRole('link').click();
    await page.waitForURL(serviceScreen(/^\/service\/friends\/\d+$/));
  });

  it('counts only the sends of the chosen days: none today, so 0 and 0%', async ({ page }) => {
    const id = await surveyWithHistory(page);
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`/service/plan-analysis/${id}?from=${today}&to=${today}`);
    await page.getByTestId('analysis-box-box-0').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="figure-sent-box-0"]')?.textContent === '0');
    expect(await textOf(page, 'figure-failed-box-0')).toBe('0');
    expect(await textOf(page, 'option-figures-box-0-option-n-0')).toBe('0 (0%)');
    // Waiting is now, whatever the days.
    expect(await textOf(page, 'figure-waiting-box-0')).toContain('1');
  });

  it('downloads the figures as CSV for Excel', async ({ page }) => {
    const id = await surveyWithHistory(page);
    await page.goto(`/service/plan-analysis/${id}`);
    await page.getByTestId('analysis-box-box-0').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('analysis-csv').click()]);
    expect(download.suggestedFilename()).toBe(`plan-analysis-${id}.csv`);
    // The browser runs in another process: the file comes as a stream.
    const text = (await buffer(await download.createReadStream())).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).trimEnd().split('\r\n')).toEqual([
      'ボックス,種類,選択肢,送信数,送信失敗,待機中,ブロック,タップ数,タップ率,クリック数,クリックした人数',
      '先日のご来店はいかがでしたか…,確認,,5,1,1,0,,,0,0',
      '先日のご来店はいかがでしたか…,確認,満足,,,,,3,60%,0,0',
      '先日のご来店はいかがでしたか…,確認,不満,,,,,1,20%,0,0',
      'ありがとうございます！またの…,テキスト,,3,0,0,0,,,0,0',
      'ご意見ありがとうございます。…,テキスト,,1,0,0,0,,,0,0',
    ]);
  });
});
