import type { Photo, PhotoSize } from '@petti/shared/schemas/photo';
import { storePhoto as storeResized } from '../../platform/images/photos.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';

export const photoKey = (id: string, size: PhotoSize) => `complex/${id}/${size}.webp`;
export const photoUrl = (id: string, size: PhotoSize) => `/api/complex/photos/${id}/${size}`;

export const toPhoto = (id: string): Photo => ({
  id,
  urls: { thumb: photoUrl(id, 'thumb'), medium: photoUrl(id, 'medium'), large: photoUrl(id, 'large') },
});

/** A resident's listing photo (docs/complex.md#photos), resized and kept as every uploaded photo is. */
export async function storePhoto(storage: FileStorage, id: string, body: Buffer): Promise<Photo> {
  await storeResized(storage, (size) => photoKey(id, size), body);
  return toPhoto(id);
}
