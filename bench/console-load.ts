import { permissionsWith } from '@linq/contract';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { ciScale, startBenchConsole } from './support/console.ts';
import { benchLargeChannel } from './support/large-channel-data.ts';

/*
 * A console address opened directly in Chromium (a fresh profile each time: nothing cached): the time to
 * first content (the page's heading, or the login form), its largest contentful paint, and how many
 * requests in how many dependent waves came before the first content. Unthrottled, and on Lighthouse's
 * phone profile (4× CPU slowdown, its "slow 4G"/fast 3G network: 562.5 ms latency, 1.6 Mbps × 0.9 down,
 * 750 kbps × 0.9 up, a phone's viewport). Then the talk list of a channel with about 1,000
 * conversations: the time until its first conversation shows.
 *
 * BENCH_WEB_DIST=<dir> measures another build of the web (e.g. main's, for a before figure).
 */

const FIRST_CONTENT_GOAL_MS = 1000;
const PHONE_LCP_GOAL_MS = 1500;
/** Lighthouse's mobile throttling (lighthouse-core/config/constants.js, mobileSlow4G, DevTools method). */
const PHONE_NETWORK = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};
const PHONE_CPU_SLOWDOWN = 4;
/** Lighthouse's emulated phone (Moto G Power). */
const PHONE_SCREEN = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** What each measured page shows first: its heading (PageHeader), or the login form. */
const PAGE_TITLE = '[data-testid="page-title"]';
/** A conversation of the talk list (not its name or preview, whose test ids share the prefix). */
const CONVERSATION =
  '[data-testid^="talk-item-"]:not([data-testid="talk-item-name"]):not([data-testid="talk-item-preview"])';

/**
 * Runs in the page before its first script: records when each watched selector first shows (time
 * since navigation start), and the largest contentful paint.
 */
function recordMarks(selectors: string[]) {
  const seen: Record<string, number> = {};
  const marks = { seen, lcp: 0 };
  (window as unknown as { __benchMarks: typeof marks }).__benchMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // Inline callbacks only: tsx names a function held in a const with a helper the page lacks.
  new MutationObserver(() => {
    for (const selector of selectors) {
      if (seen[selector] !== undefined) continue;
      const element = document.querySelector(selector);
      if (element && element.getClientRects().length > 0) seen[selector] = performance.now();
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

interface Visit {
  firstContentMs: number;
  lcpMs: number;
  requests: number;
  chunkRequests: number;
  waves: number;
  /** For the talk list: when the first conversation showed, and how many rows were rendered. */
  conversationMs?: number;
  rows?: number;
}

/**
 * Request waves before `until`: the document is the first; a request starting after the earliest
 * answer of the current wave needed something of it (or came later), so it opens the next wave.
 */
function wavesOf(requests: { startTime: number; responseEnd: number }[]): number {
  const sorted = [...requests].sort((a, b) => a.startTime - b.startTime);
  let waves = 1;
  let boundary = Infinity;
  for (const request of sorted) {
    if (request.startTime >= boundary) {
      waves += 1;
      boundary = request.responseEnd;
    } else {
      boundary = Math.min(boundary, request.responseEnd);
    }
  }
  return waves;
}

async function visit(
  browser: Browser,
  consoleUrl: string,
  path: string,
  options: { phone: boolean; token?: string; firstContent: string; conversations?: boolean },
): Promise<Visit> {
  const context: BrowserContext = await browser.newContext(
    options.phone ? { ...PHONE_SCREEN, baseURL: consoleUrl } : { baseURL: consoleUrl },
  );
  try {
    const page = await context.newPage();
    if (options.token) {
      await page.addInitScript((token) => localStorage.setItem('access_token', token), options.token);
    }
    const selectors = [options.firstContent, ...(options.conversations ? [CONVERSATION] : [])];
    await page.addInitScript(recordMarks, selectors);
    if (options.phone) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
    }
    await page.goto(path, { waitUntil: 'commit' });
    for (const selector of selectors) await page.waitForSelector(selector, { state: 'visible', timeout: 120_000 });
    // The largest paint settles once the page's first data has shown.
    await page.waitForLoadState('networkidle');
    return await page
      .evaluate(
        ({ firstContent, conversations, conversation }) => {
          const marks = (window as unknown as { __benchMarks: { seen: Record<string, number>; lcp: number } })
            .__benchMarks;
          const firstContentMs = marks.seen[firstContent]!;
          const before = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
            (entry) => entry.startTime < firstContentMs,
          );
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return {
            firstContentMs,
            lcpMs: marks.lcp,
            requests: before.length + 1,
            chunkRequests: before.filter((entry) => /\/assets\/.*\.js$/.test(new URL(entry.name).pathname)).length,
            requestTimes: [navigation, ...before].map((entry) => ({
              startTime: entry.startTime,
              responseEnd: entry.responseEnd,
            })),
            ...(conversations
              ? { conversationMs: marks.seen[conversation]!, rows: document.querySelectorAll(conversation).length }
              : {}),
          };
        },
        {
          firstContent: options.firstContent,
          conversations: options.conversations ?? false,
          conversation: CONVERSATION,
        },
      )
      .then(({ requestTimes, ...figures }) => ({ ...figures, waves: wavesOf(requestTimes) }));
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

function medianVisit(visits: Visit[]): Visit {
  const of = (key: keyof Visit) => median(visits.map((v) => v[key] ?? 0));
  return {
    firstContentMs: of('firstContentMs'),
    lcpMs: of('lcpMs'),
    requests: of('requests'),
    chunkRequests: of('chunkRequests'),
    waves: of('waves'),
    ...(visits[0]?.conversationMs !== undefined ? { conversationMs: of('conversationMs'), rows: of('rows') } : {}),
  };
}

const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);

export async function consoleLoadBench() {
  const runs = ciScale() ? 1 : 3;
  const bench = await startBenchConsole(process.env.BENCH_WEB_DIST ? { webDistDir: process.env.BENCH_WEB_DIST } : {});
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    // About 1,000 conversations: the generator gives 30 % of a channel's friends a talk history.
    const { channel, staff, data } = await benchLargeChannel(bench, {
      name: 'Console load',
      permissions: permissionsWith('edit', true),
      friends: 3_340,
      messages: 3_000,
    });
    const token = await bench.factory.login('service', staff.email);
    const laid = `laid=${channel.id}`;
    const pages = [
      { name: 'service login', path: '/service/login', firstContent: '[data-testid="login-submit"]' },
      { name: 'dashboard', path: `/service/dashboard?${laid}`, firstContent: PAGE_TITLE, token },
      { name: 'friend list', path: `/service/friends?${laid}`, firstContent: PAGE_TITLE, token },
      {
        name: `talk list (${data.conversations} conversations)`,
        path: `/service/talks?${laid}`,
        firstContent: PAGE_TITLE,
        token,
        conversations: true,
      },
    ];
    console.log(`\n# Console pages opened directly (Chromium, fresh profile; median of ${runs})`);
    console.log(
      'page'.padEnd(34),
      'profile'.padEnd(8),
      'first content'.padStart(14),
      'LCP'.padStart(8),
      'requests'.padStart(9),
      'chunks'.padStart(7),
      'waves'.padStart(6),
      ' list shown',
    );
    for (const profile of ['desktop', 'phone'] as const) {
      for (const target of pages) {
        const visits: Visit[] = [];
        for (let run = 0; run < runs; run++) {
          visits.push(await visit(browser, bench.url, target.path, { ...target, phone: profile === 'phone' }));
        }
        const figures = medianVisit(visits);
        const goal =
          profile === 'desktop'
            ? `first content goal ≤ ${FIRST_CONTENT_GOAL_MS} ms: ${(figures.firstContentMs / FIRST_CONTENT_GOAL_MS).toFixed(2)}×`
            : `LCP goal ≤ ${PHONE_LCP_GOAL_MS} ms: ${(figures.lcpMs / PHONE_LCP_GOAL_MS).toFixed(2)}×`;
        console.log(
          target.name.padEnd(34),
          profile.padEnd(8),
          ms(figures.firstContentMs).padStart(14),
          ms(figures.lcpMs),
          String(figures.requests).padStart(9),
          String(figures.chunkRequests).padStart(7),
          String(figures.waves).padStart(6),
          figures.conversationMs !== undefined ? ` ${ms(figures.conversationMs)} (${figures.rows} rows)` : '',
          ` ${goal}`,
        );
      }
    }
  } finally {
    await browser.close();
    await bench.stop();
  }
}
