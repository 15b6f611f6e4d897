import type { Photo, PhotoSize } from '@petti/shared/schemas/photo';
import { storePhoto as storeResized } from '../../platform/images/photos.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';

/**
 * A photo taken at the door as proof of a home delivery (docs/shops.md#hand-over), kept as every
 * uploaded photo is (docs/pictures.md). Its id is random and unguessable: the link is shown to the
 * buyer and to the shop, as a shared photo link is.
 */
export const proofKey = (id: string, size: PhotoSize) => `proofs/${id}/${size}.webp`;
const proofUrl = (id: string, size: PhotoSize) => `/api/orders/proof-photos/${id}/${size}`;

export const toProofPhoto = (id: string): Photo => ({
  id,
  urls: { thumb: proofUrl(id, 'thumb'), medium: proofUrl(id, 'medium'), large: proofUrl(id, 'large') },
});

export async function storeProofPhoto(storage: FileStorage, id: string, body: Buffer): Promise<Photo> {
  await storeResized(storage, (size) => proofKey(id, size), body);
  return toProofPhoto(id);
}
