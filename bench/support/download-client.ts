/**
 * A streamed download read by a child process of the benchmark (`downloadInChild` forks it), so that
 * the client's reading and its garbage take neither CPU nor memory from the server being measured,
 * as a browser's download would not. It counts bytes and line breaks, reports once and exits.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

export interface Download {
  status: number;
  bytes: number;
  lines: number;
  /** From the request to the first byte of the body, and to its end. */
  firstByteMs: number;
  totalMs: number;
}

interface DownloadRequest {
  url: string;
  headers: Record<string, string>;
}

type ChildMessage = { kind: 'done'; download: Download } | { kind: 'failed'; message: string };

/** GETs `url` in a new child process; resolves with what it read. The child is killed if this process ends first. */
export function downloadInChild(url: string, headers: Record<string, string>): Promise<Download> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const killChild = () => child.kill();
  process.once('exit', killChild);
  return new Promise<Download>((resolve, reject) => {
    let answer: ChildMessage | undefined;
    child.on('message', (message: ChildMessage) => (answer = message));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('exit', killChild);
      if (answer?.kind === 'done') resolve(answer.download);
      else if (answer?.kind === 'failed') reject(new Error(`download: ${answer.message}`));
      else reject(new Error(`download client exited (${signal ?? code}) without a result`));
    });
    child.send({ url, headers } satisfies DownloadRequest);
  });
}

function download({ url, headers }: DownloadRequest): Promise<Download> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    const request = http.get(url, { headers }, (response) => {
      response.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, bytes, lines, firstByteMs, totalMs: performance.now() - started }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('disconnect', () => process.exit());
  // Disconnecting once the answer is out ends the process (as does the parent going away).
  const reply = (message: ChildMessage) => process.send!(message, () => process.disconnect());
  process.once('message', (request: DownloadRequest) => {
    download(request).then(
      (result) => reply({ kind: 'done', download: result }),
      (error: unknown) => reply({ kind: 'failed', message: String(error) }),
    );
  });
}
