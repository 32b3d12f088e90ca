import { lineAccountsApi, tagsApi } from '@linq/contract';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTabChannelId } from '../channels/tab-channel.ts';
import { GET_CACHE_TTL_MS } from '../config.ts';
import { registerFeedback, type Feedback } from '../feedback.ts';
import { endpointQuery, invalidateEndpoints, isChannelEndpoint, prefetchQuietly, queryClient } from './queries.ts';

const tagList = (names: string[]) => ({
  data: names.map((name, index) => ({
    id: index + 1,
    name,
    folder_id: null,
    sort_index: 0,
    friend_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  })),
  total_item_count: names.length,
  pagination: { current: 1, pageSize: 20 },
});
const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('the query cache (spec section 9: GET responses may be cached for 60 seconds)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const tags = endpointQuery(tagsApi.list, { query: { limit: 20 } });

  beforeEach(() => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    queryClient.clear();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('serves a read from the cache until its 60 seconds have passed', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer(tagList(['a']))));
    await queryClient.fetchQuery(tags);
    vi.setSystemTime(GET_CACHE_TTL_MS - 1);
    await expect(queryClient.fetchQuery(tags)).resolves.toEqual(tagList(['a']));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.setSystemTime(GET_CACHE_TTL_MS);
    await queryClient.fetchQuery(tags);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps a read that was in flight when a write invalidated it out of the cache', async () => {
    let answerOld: () => void = () => undefined;
    fetchMock
      .mockImplementationOnce(() => Promise.resolve(answer(tagList(['a']))))
      .mockImplementationOnce(() => new Promise((resolve) => (answerOld = () => resolve(answer(tagList(['old']))))))
      .mockImplementation(() => Promise.resolve(answer(tagList(['new']))));
    const observer = new QueryObserver(queryClient, tags);
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(tagList(['a'])));
    void observer.refetch();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await invalidateEndpoints(tagsApi.list);
    answerOld();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(tagList(['new'])));
    expect(queryClient.getQueryData(tags.queryKey)).toEqual(tagList(['new']));
    unsubscribe();
  });
});

describe('channel reads (the channel belongs to the tab)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const channelOf = (call: Parameters<typeof fetch>) => (call[1]?.headers as Record<string, string>).LineAccountId;

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    setTabChannelId(null);
    queryClient.clear();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('tells the channel endpoints from those that answer the same in every channel', () => {
    expect(isChannelEndpoint(tagsApi.list)).toBe(true);
    expect(isChannelEndpoint(lineAccountsApi.list)).toBe(false);
  });

  it('keys a channel read by the tab’s channel, so two channels never share an entry', async () => {
    fetchMock.mockImplementation((_url, init) => {
      const channel = (init?.headers as Record<string, string>).LineAccountId;
      return Promise.resolve(answer(tagList([`tag of ${channel}`])));
    });
    setTabChannelId(1);
    const first = endpointQuery(tagsApi.list, { query: { limit: 20 } });
    setTabChannelId(2);
    const second = endpointQuery(tagsApi.list, { query: { limit: 20 } });
    expect(first.queryKey).not.toEqual(second.queryKey);

    await queryClient.fetchQuery(second);
    await queryClient.fetchQuery(first);
    expect(queryClient.getQueryData(first.queryKey)).toEqual(tagList(['tag of 1']));
    expect(queryClient.getQueryData(second.queryKey)).toEqual(tagList(['tag of 2']));
  });

  it('asks for a read in the channel of its key, even after the tab has switched', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer(tagList(['a']))));
    setTabChannelId(1);
    const tags = endpointQuery(tagsApi.list, { query: { limit: 20 } });
    setTabChannelId(2);
    await queryClient.fetchQuery(tags);
    expect(channelOf(fetchMock.mock.calls[0]!)).toBe('1');
  });

  it('keys a read that is the same in every channel without one', () => {
    setTabChannelId(1);
    const inOne = endpointQuery(lineAccountsApi.list, {});
    setTabChannelId(2);
    expect(endpointQuery(lineAccountsApi.list, {}).queryKey).toEqual(inOne.queryKey);
  });

  it('keys and sends a read ahead of the choice in the channel it names', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer(tagList(['a']))));
    const ahead = endpointQuery(tagsApi.list, { query: { limit: 20 } }, { handles: 'all', lineAccountId: 3 });
    setTabChannelId(3);
    expect(ahead.queryKey).toEqual(endpointQuery(tagsApi.list, { query: { limit: 20 } }).queryKey);
    await queryClient.fetchQuery(ahead);
    expect(channelOf(fetchMock.mock.calls[0]!)).toBe('3');
  });
});

describe('a read started ahead of its screen (prefetchQuietly)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const notifyError = vi.fn<Feedback['notifyError']>();
  const failure = () => Promise.resolve(new Response('{}', { status: 500, statusText: 'Internal Server Error' }));
  const screenRead = () => endpointQuery(lineAccountsApi.list, {});
  const quietRead = () => endpointQuery(lineAccountsApi.list, {}, { handles: 'all' });
  let unregister: () => void = () => undefined;

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    unregister = registerFeedback({ notifyError, notifySuccess: vi.fn(), toastError: vi.fn() });
  });
  afterEach(() => {
    unregister();
    queryClient.clear();
    fetchMock.mockReset();
    notifyError.mockReset();
    vi.unstubAllGlobals();
  });

  it('reports a failure once, through the screen that joined it in flight', async () => {
    let fail: () => void = () => undefined;
    fetchMock
      .mockImplementationOnce(() => new Promise((resolve) => (fail = () => void failure().then(resolve))))
      .mockImplementation(failure);
    prefetchQuietly(quietRead());
    const observer = new QueryObserver(queryClient, screenRead());
    const unsubscribe = observer.subscribe(() => undefined);
    fail();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true));
    expect(notifyError).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('reports a failure once, through the screen shown after it', async () => {
    fetchMock.mockImplementation(failure);
    prefetchQuietly(quietRead());
    await vi.waitFor(() => expect(queryClient.getQueryState(screenRead().queryKey)?.status).toBe('error'));
    expect(notifyError).not.toHaveBeenCalled();
    const observer = new QueryObserver(queryClient, screenRead());
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(notifyError).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('serves the screen from the cache when it succeeded', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer({ data: [] })));
    prefetchQuietly(quietRead());
    await vi.waitFor(() => expect(queryClient.getQueryData(screenRead().queryKey)).toEqual({ data: [] }));
    const observer = new QueryObserver(queryClient, screenRead());
    const unsubscribe = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult().data).toEqual({ data: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
