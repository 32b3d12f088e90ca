import os from 'node:os';
import { CONVERSATION_PAGE_SIZE, permissionsWith } from '@linq/contract';
import { ciScale, percentile, startBenchConsole, type BenchConsole } from './support/console.ts';
import { downloadInChild, type Download } from './support/download-client.ts';
import {
  COMMON_NAME_SEARCH,
  benchLargeChannel,
  RARE_NAME_SEARCH,
  type LargeChannelData,
} from './support/large-channel-data.ts';

/**
 * One channel with 1,000,000 friends and 10,000,000 messages (50,000 and 500,000 with
 * BENCH_SCALE=ci), generated in the database, then read through the HTTP API as a service
 * staff member would: the talk list, the friend list with tag filters and the CSV export.
 * Requests one at a time: latency percentiles per request kind, and export throughput with
 * the server's peak memory (the server runs in this process, like the other benchmarks; the export is
 * read by a child process, as a browser would read it, not by the server's own).
 */
export async function largeChannelBench() {
  const size = ciScale()
    ? { friends: 50_000, messages: 500_000, samples: 30, exportRuns: 2 }
    : { friends: 1_000_000, messages: 10_000_000, samples: 100, exportRuns: 3 };
  const bench = await startBenchConsole();
  try {
    const { channel, staff, data } = await benchLargeChannel(bench, {
      name: 'Bench large channel',
      permissions: permissionsWith('edit', true),
      friends: size.friends,
      messages: size.messages,
    });
    printData(data);
    const token = await bench.factory.login('service', staff.email);
    const client = apiClient(bench, token, channel.id);

    console.log(pad('request', 50), 'rows'.padStart(4), 'total'.padStart(10), ...TIMING_HEADER);
    const middlePage = Math.max(2, Math.ceil(data.conversations / CONVERSATION_PAGE_SIZE / 2));
    const conversationCases: [label: string, query: string][] = [
      ['conversations page 1', 'page=1'],
      ['conversations page 50', 'page=50'],
      [`conversations page ${middlePage} (middle)`, `page=${middlePage}`],
      ['conversations un_read=true', 'un_read=true'],
      [`conversations name=${COMMON_NAME_SEARCH} (common)`, `name=${encodeURIComponent(COMMON_NAME_SEARCH)}`],
      [`conversations name=${RARE_NAME_SEARCH} (rare)`, `name=${encodeURIComponent(RARE_NAME_SEARCH)}`],
    ];
    for (const [label, query] of conversationCases) {
      await latencyRow(client, label, `/api/service/messages/conversations?${query}`, size.samples);
    }

    const [popular, second] = data.tags;
    const rare = data.tags.at(-1)!;
    const friendCases: [label: string, query: string][] = [
      ['friends (no filter)', ''],
      [`friends tag ${popular!.name} (${fmt(popular!.friends)} friends)`, `tag_ids[]=${popular!.id}`],
      [`friends tag ${rare.name} (${fmt(rare.friends)} friends)`, `tag_ids[]=${rare.id}`],
      [
        `friends tags ${popular!.name} + ${second!.name}, all`,
        `tag_ids[]=${popular!.id}&tag_ids[]=${second!.id}&tag_match=all`,
      ],
      [`friends without tag ${popular!.name} (none)`, `tag_ids[]=${popular!.id}&tag_match=none`],
    ];
    for (const [label, query] of friendCases) {
      await latencyRow(client, label, `/api/service/friends?${query}`, size.samples);
    }

    console.log(
      `\n${pad(`CSV export (median of ${size.exportRuns} runs)`, 44)}`,
      'rows'.padStart(10),
      'MB'.padStart(7),
      's'.padStart(7),
      'rows/s'.padStart(9),
      'MB/s'.padStart(6),
      'first byte ms'.padStart(14),
      'peak RSS MiB'.padStart(13),
    );
    await exportRow(client, 'all friends', '', data.friends, size.exportRuns);
    await exportRow(client, `tag ${popular!.name}`, `tag_ids[]=${popular!.id}`, popular!.friends, size.exportRuns);
  } finally {
    await bench.stop();
  }
}

const fmt = (n: number) => n.toLocaleString('en');
/** Pads to a width in terminal columns: CJK and full-width characters take two. */
const pad = (text: string, width: number) =>
  text + ' '.repeat(Math.max(0, width - [...text].length - (text.match(WIDE) ?? []).length));
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/g;
const TIMING_HEADER = ['p50 ms', 'p95 ms', 'p99 ms', 'mean ms'].map((h) => h.padStart(8));

function printData(data: LargeChannelData) {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `\n# Large channel: ${fmt(data.friends)} friends, ${fmt(data.messages)} messages (PostgreSQL, HTTP API, one request at a time)`,
  );
  console.log(`load average before the requests: ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} CPUs`);
  console.log(
    `data generated in ${s(data.totalMs)}: ${data.steps.map((step) => `${step.step} ${s(step.ms)}`).join(', ')}`,
  );
  console.log(
    `conversations ${fmt(data.conversations)} (messages per conversation: median ${data.medianMessagesPerConversation}, ` +
      `max ${fmt(data.maxMessagesPerFriend)}); unread ${fmt(data.unread)}; blocked ${fmt(data.blocked)}; ` +
      `name "${data.commonName.text}" ${fmt(data.commonName.friends)} friends / ${fmt(data.commonName.conversations)} conversations, ` +
      `"${data.rareName.text}" ${fmt(data.rareName.friends)} / ${fmt(data.rareName.conversations)}`,
  );
  console.log(
    `tags: ${data.tags.map((t) => fmt(t.friends)).join(', ')} friends; marks: ${data.marks.map((m) => fmt(m.friends)).join(', ')}\n`,
  );
}

interface ApiClient {
  getJson(path: string): Promise<{ status: number; body: unknown }>;
  /** Streams a response, counting bytes and newlines; time to the first byte and to the end. */
  stream(path: string): Promise<Download>;
}

function apiClient(bench: BenchConsole, token: string, lineAccountId: number): ApiClient {
  const headers = { authorization: `Bearer ${token}`, lineaccountid: String(lineAccountId) };
  return {
    async getJson(path) {
      const response = await fetch(`${bench.url}${path}`, { headers });
      const body: unknown = await response.json();
      return { status: response.status, body };
    },
    // In a child process: the server's CPU and memory are measured without the client's.
    stream: (path) => downloadInChild(`${bench.url}${path}`, headers),
  };
}

async function latencyRow(client: ApiClient, label: string, path: string, samples: number) {
  let rows = 0;
  let total = '';
  const get = async () => {
    const sent = performance.now();
    const { status, body } = await client.getJson(path);
    const ms = performance.now() - sent;
    if (status !== 200) throw new Error(`GET ${path} answered ${status}: ${JSON.stringify(body)}`);
    const list = body as { data: unknown[]; total_item_count: number; total_is_lower_bound?: boolean };
    rows = list.data.length;
    // A talk-list name search counts only so far past the page: "1,020+" is at least that many.
    total = fmt(list.total_item_count) + (list.total_is_lower_bound ? '+' : '');
    return ms;
  };
  for (let i = 0; i < 3; i++) await get();
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) latencies.push(await get());
  latencies.sort((a, b) => a - b);
  const mean = latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length;
  console.log(
    pad(label, 50),
    String(rows).padStart(4),
    total.padStart(10),
    ...[percentile(latencies, 50), percentile(latencies, 95), percentile(latencies, 99), mean].map((ms) =>
      ms.toFixed(1).padStart(8),
    ),
  );
}

/** The median of `runs` exports of one filter; peak RSS of this process (the server) over all of them. */
async function exportRow(client: ApiClient, label: string, query: string, expectedRows: number, runs: number) {
  const before = process.memoryUsage.rss();
  let peakRss = before;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
  const results = [];
  try {
    for (let i = 0; i < runs; i++) {
      const result = await client.stream(`/api/service/friends/export${query ? `?${query}` : ''}`);
      if (result.status !== 200) throw new Error(`the export answered ${result.status}`);
      // One header line; the generated names and texts hold no line breaks.
      if (result.lines - 1 !== expectedRows) {
        throw new Error(`the export gave ${result.lines - 1} rows, expected ${expectedRows}`);
      }
      results.push(result);
    }
  } finally {
    clearInterval(sampler);
  }
  results.sort((a, b) => a.totalMs - b.totalMs);
  const median = results[Math.floor(results.length / 2)]!;
  const seconds = median.totalMs / 1000;
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(
    pad(label, 44),
    fmt(median.lines - 1).padStart(10),
    (median.bytes / 1e6).toFixed(1).padStart(7),
    seconds.toFixed(2).padStart(7),
    fmt(Math.round((median.lines - 1) / seconds)).padStart(9),
    (median.bytes / 1e6 / seconds).toFixed(1).padStart(6),
    median.firstByteMs.toFixed(0).padStart(14),
    `${mib(peakRss)} (+${mib(peakRss - before)})`.padStart(13),
  );
}
