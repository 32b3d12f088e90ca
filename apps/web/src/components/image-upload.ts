import {
  filesApi,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  type EndpointOutput,
} from '@linq/contract';
import { uploadFile } from '../app/api/call.ts';

/** What the browser can tell before uploading (the server checks the bytes again). */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

/** Uploads one image for an image message; answers its public URLs. */
export function uploadImage(file: File): Promise<EndpointOutput<typeof filesApi.uploadImage>> {
  // The caller shows the server's Japanese message for a wrong or too large file.
  return uploadFile(filesApi.uploadImage, {}, file, { handles: [413, 422] });
}
