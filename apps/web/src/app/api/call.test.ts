import { filesApi, IMAGE_UPLOAD_FIELD } from '@linq/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadFile } from './call.ts';
import { ApiError } from './errors.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('uploadFile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the file as multipart/form-data to the endpoint and answers its typed body', async () => {
    const uploaded = { data: { originalContentUrl: '/files/a.png', previewImageUrl: '/files/a-preview.png' } };
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(json(201, uploaded)));
    vi.stubGlobal('fetch', fetchMock);
    const file = new Blob(['png'], { type: 'image/png' });

    const answer = await uploadFile(filesApi.uploadImage, {}, file);

    expect(answer.data.originalContentUrl).toBe('/files/a.png');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api${filesApi.uploadImage.path}`);
    expect(init?.method).toBe('POST');
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get(IMAGE_UPLOAD_FIELD)).toBeInstanceOf(Blob);
    // The browser writes the multipart Content-Type with its boundary.
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('rejects with the API error of a refused file, its field message included', async () => {
    const refused = { success: false, errors: { file: { description: '画像は10MB以下にしてください。' } } };
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(json(422, refused))),
    );
    const error: unknown = await uploadFile(filesApi.uploadImage, {}, new Blob(['x'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual(refused.errors);
  });
});
