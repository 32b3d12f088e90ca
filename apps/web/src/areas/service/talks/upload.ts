import {
  filesApi,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UPLOAD_FIELD,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  type EndpointOutput,
} from '@linq/contract';
import { request } from '../../../app/api/request.ts';

/** What the browser can tell before uploading (the server checks the bytes again). */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

/** Uploads one image as multipart/form-data; answers its public URLs for an image message. */
export async function uploadImage(file: File): Promise<EndpointOutput<typeof filesApi.uploadImage>> {
  const form = new FormData();
  form.append(IMAGE_UPLOAD_FIELD, file);
  const body = await request({
    method: filesApi.uploadImage.method,
    path: filesApi.uploadImage.path,
    body: form,
    authenticated: true,
    // The caller shows the server's Japanese message for a wrong or too large file.
    handles: [413, 422],
  });
  // The server validates its answer against this same contract schema.
  return body as EndpointOutput<typeof filesApi.uploadImage>;
}
