import { describe, expect, it } from 'vitest';
import { ChunkLoadError, classifyChunkFailure, CssChunkLoadError, loadChunk } from './chunks.ts';

describe('classifyChunkFailure', () => {
  it('recognises script chunk failures of each browser', () => {
    expect(
      classifyChunkFailure(new TypeError('Failed to fetch dynamically imported module: http://h/assets/a.js')),
    ).toEqual({
      kind: 'script',
      request: 'http://h/assets/a.js',
    });
    expect(classifyChunkFailure(new TypeError('error loading dynamically imported module: http://h/b.js'))).toEqual({
      kind: 'script',
      request: 'http://h/b.js',
    });
    expect(classifyChunkFailure(new TypeError('Importing a module script failed.'))?.kind).toBe('script');
  });

  it('recognises a CSS preload failure', () => {
    expect(classifyChunkFailure(new Error('Unable to preload CSS for /assets/c.css'))).toEqual({
      kind: 'css',
      request: '/assets/c.css',
    });
  });

  it('ignores other errors', () => {
    expect(classifyChunkFailure(new Error('boom'))).toBeNull();
  });
});

describe('loadChunk', () => {
  it('resolves with the module', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('times out with a ChunkLoadError of type timeout', async () => {
    const error: unknown = await loadChunk(() => new Promise(() => undefined), 'page', 5).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).type).toBe('timeout');
  });

  it('reports a CSS failure as CSS_CHUNK_LOAD_FAILED', async () => {
    const error: unknown = await loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /x.css'))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CssChunkLoadError);
    expect((error as CssChunkLoadError).code).toBe('CSS_CHUNK_LOAD_FAILED');
  });

  it('passes other errors through unchanged', async () => {
    const original = new Error('boom');
    await expect(loadChunk(() => Promise.reject(original))).rejects.toBe(original);
  });
});
