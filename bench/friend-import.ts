import { randomBytes } from 'node:crypto';
import type { ImportUpload } from '@linq/contract';
import { takeoversApi } from '@linq/contract';
import { encodeCsv } from '../apps/api/src/modules/friend-imports/csv-source.ts';
import { multipartFile } from '../apps/api/src/modules/friend-imports/test-support.ts';
import { ciScale, startBenchConsole } from './support/console.ts';

/**
 * A friends CSV import (takeovers) on PostgreSQL: a Shift_JIS file of 100,000 friends with a
 * delimited tag column and an info field, uploaded through the API, then run as the worker runs
 * it. Prints rows/s of the dry run and of the run, and the peak RSS and heap during the run.
 */
export async function friendImportBench() {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? (ciScale() ? 10_000 : 100_000));
  const bench = await startBenchConsole();
  try {
    const account = await bench.factory.account();
    const owner = await bench.factory.user('account', { accountId: account.id });
    const token = await bench.factory.login('account', owner.email);
    const channel = await bench.factory.lineAccount(account.id);
    const lines = ['LINEユーザーID,表示名,友だち追加日時,タグ,会社名,スコア'];
    for (let i = 0; i < rows; i++)
      lines.push(
        `U${randomBytes(16).toString('hex')},友だち${i},2024/04/01 10:30,"見込み客,地域${i % 47}",会社${i % 1000},${i % 100}`,
      );
    const body = multipartFile(encodeCsv(lines.join('\r\n') + '\r\n', 'shift_jis'));
    lines.length = 0;
    const auth = { authorization: `Bearer ${token}` };
    const uploaded = await fetch(`${bench.url}/api/account/takeovers/imports?line_account_id=${channel.id}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': body.contentType },
      body: body.payload,
    });
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
    const upload = ((await uploaded.json()) as { data: ImportUpload }).data;
    const id = upload.import.id;
    const post = (path: string) =>
      fetch(`${bench.url}/api${path.replace(':id', String(id))}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(upload.suggested),
      });

    console.log(`\n# Friend import (PostgreSQL, ${rows.toLocaleString('en')} rows, Shift_JIS, tags and an info field)`);
    let started = performance.now();
    const dry = await post(takeoversApi.dryRun.path);
    if (dry.status !== 200) throw new Error(`dry run answered ${dry.status}`);
    const drySeconds = (performance.now() - started) / 1000;
    console.log(`dry run: ${drySeconds.toFixed(1)} s, ${Math.round(rows / drySeconds)} rows/s`);

    // The bench's worker (same process) takes the job: timed from the request until the import reads completed.
    let peakRss = process.memoryUsage().rss;
    let peakHeap = process.memoryUsage().heapUsed;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      peakRss = Math.max(peakRss, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
    }, 50);
    started = performance.now();
    const run = await post(takeoversApi.run.path);
    if (run.status !== 202) throw new Error(`run answered ${run.status}`);
    for (;;) {
      const read = await fetch(`${bench.url}/api/account/takeovers/imports/${id}`, { headers: auth });
      const { status } = ((await read.json()) as { data: ImportUpload }).data.import;
      if (status === 'completed') break;
      if (status === 'failed') throw new Error('the import failed');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const runSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.log(`run: ${runSeconds.toFixed(1)} s, ${Math.round(rows / runSeconds)} rows/s`);
    console.log(
      `peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MiB, peak heap ${(peakHeap / 1024 / 1024).toFixed(0)} MiB (file ${(body.payload.length / 1024 / 1024).toFixed(1)} MiB)`,
    );
  } finally {
    await bench.stop();
  }
}
