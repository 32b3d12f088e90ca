import { z } from 'zod';
import { dataOf } from './common.ts';
import { endpoint, sessionOf } from './http.ts';

/** LINE's limit for the original image of an image message. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The image types LINE accepts for an image message. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png'] as const;
/** The multipart/form-data field that carries the file. */
export const IMAGE_UPLOAD_FIELD = 'file';
/** Where uploaded files are served, outside /api and without a session, since LINE fetches them. */
export const PUBLIC_FILES_PATH = '/files';

export const IMAGE_TOO_LARGE_MESSAGE = '画像は10MB以下にしてください。';
export const IMAGE_TYPE_MESSAGE = 'JPEGまたはPNGの画像を選択してください。';
export const IMAGE_DIMENSIONS_MESSAGE = '画像の縦横の大きさが読み取れないか、大きすぎます（各辺1〜10000ピクセル）。';

/** The public addresses of an uploaded image, ready for an image message. */
export const uploadedImage = z.object({ originalContentUrl: z.string(), previewImageUrl: z.string() });
export type UploadedImage = z.infer<typeof uploadedImage>;

export const filesApi = {
  uploadImage: endpoint({
    method: 'POST',
    path: '/service/files/images',
    summary:
      'Uploads one JPEG or PNG (multipart/form-data, field "file", at most 10 MB) for an image message; answers its public URLs',
    access: sessionOf('service'),
    permission: { allOf: [{ feature: 'talks', level: 'edit' }, { capability: 'send_messages' }] },
    response: dataOf(uploadedImage),
    successStatus: 201,
  }),
};
