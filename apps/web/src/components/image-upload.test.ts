import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE, IMAGE_UPLOAD_MAX_BYTES } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './image-upload.ts';

describe('imageFileProblem', () => {
  it('lets JPEG and PNG files up to 10 MB through and names the problem of others', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1 })).toBeNull();
    expect(imageFileProblem({ type: 'image/jpeg', size: IMAGE_UPLOAD_MAX_BYTES })).toBeNull();
    expect(imageFileProblem({ type: 'image/jpeg', size: IMAGE_UPLOAD_MAX_BYTES + 1 })).toBe(IMAGE_TOO_LARGE_MESSAGE);
    expect(imageFileProblem({ type: 'image/gif', size: 10 })).toBe(IMAGE_TYPE_MESSAGE);
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(IMAGE_TYPE_MESSAGE);
  });
});
