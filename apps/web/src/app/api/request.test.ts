import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTabChannelId } from '../channels/tab-channel.ts';
import { request } from './request.ts';

const ok = () => new Response(JSON.stringify({ data: [] }), { headers: { 'content-type': 'application/json' } });

/** Local storage as another tab left it: its own channel as the last choice. */
const storage = new Map<string, string>([
  ['access_token', 'token-1'],
  ['laid', '9'],
]);

describe('the LineAccountId of a request (spec section 7 "Common")', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const sentChannel = () => (fetchMock.mock.calls.at(-1)?.[1]?.headers as Record<string, string>).LineAccountId;

  beforeEach(() => {
    fetchMock.mockImplementation(() => Promise.resolve(ok()));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', { getItem: (key: string) => storage.get(key) ?? null });
  });
  afterEach(() => {
    setTabChannelId(null);
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('names the tab’s channel, not the one local storage remembers for new tabs', async () => {
    setTabChannelId(3);
    await request({ method: 'GET', path: '/service/tags' });
    expect(sentChannel()).toBe('3');
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('names the channel the caller gives, e.g. the one a cached read belongs to', async () => {
    setTabChannelId(3);
    await request({ method: 'GET', path: '/service/tags', lineAccountId: 4 });
    expect(sentChannel()).toBe('4');
  });

  it('names none while the tab has no channel', async () => {
    await request({ method: 'GET', path: '/service/tags' });
    expect(sentChannel()).toBeUndefined();
  });
});
