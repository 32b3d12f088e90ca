import { CHUNK_LOAD_TIMEOUT_MS } from './config.ts';

/** Why a script chunk did not load, as webpack's ChunkLoadError reports it (spec section 8). */
export type ChunkFailureType = 'missing' | 'timeout' | 'error';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly type: ChunkFailureType,
    readonly request: string,
    options?: ErrorOptions,
  ) {
    super(`Loading chunk failed (${type}): ${request}`, options);
  }
}

export class CssChunkLoadError extends Error {
  override readonly name = 'CssChunkLoadError';
  readonly code = 'CSS_CHUNK_LOAD_FAILED';
  readonly type = 'error';
  constructor(
    readonly request: string,
    options?: ErrorOptions,
  ) {
    super(`Loading CSS chunk failed: ${request}`, options);
  }
}

export function isChunkLoadFailure(error: unknown): error is ChunkLoadError | CssChunkLoadError {
  return error instanceof ChunkLoadError || error instanceof CssChunkLoadError;
}

const CSS_FAILURE = /Unable to preload CSS for (\S+)/;
const SCRIPT_FAILURE =
  /(?:Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)[:.]?\s*(\S*)/;

/** Recognises the browsers' and Vite's messages for a chunk that did not load. */
export function classifyChunkFailure(error: unknown): { kind: 'css' | 'script'; request: string } | null {
  const message = error instanceof Error ? error.message : String(error);
  const css = CSS_FAILURE.exec(message);
  if (css) return { kind: 'css', request: css[1] ?? '' };
  const script = SCRIPT_FAILURE.exec(message);
  if (script) return { kind: 'script', request: script[1] ?? '' };
  return null;
}

async function isMissing(url: string): Promise<boolean> {
  if (!url) return false;
  try {
    return (await fetch(url, { method: 'HEAD', cache: 'no-store' })).status === 404;
  } catch {
    return false;
  }
}

async function toChunkError(error: unknown): Promise<unknown> {
  if (isChunkLoadFailure(error)) return error;
  const failure = classifyChunkFailure(error);
  if (!failure) return error;
  if (failure.kind === 'css') return new CssChunkLoadError(failure.request, { cause: error });
  const type = (await isMissing(failure.request)) ? 'missing' : 'error';
  return new ChunkLoadError(type, failure.request, { cause: error });
}

/** Loads a lazy chunk, giving up after the spec's time-out, and turns load failures into typed errors. */
export async function loadChunk<T>(
  importer: () => Promise<T>,
  label = '',
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('timeout', label)), timeoutMs);
  });
  try {
    return await Promise.race([importer(), timeout]);
  } catch (error) {
    throw await toChunkError(error);
  } finally {
    clearTimeout(timer);
  }
}
