import type { Photo, PhotoSize } from '@petti/shared/schemas/photo';
import { and, asc, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { schedulePhotoRemoval } from '../../platform/images/photo-removal.ts';
import { storePhoto as storeResized } from '../../platform/images/photos.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { complexOrders, complexPhotos } from './schema.ts';

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

/** An upload on no listing is kept this long: the form that sent it may still be open. */
export const UNUSED_PHOTO_KEPT_MS = 24 * 3_600_000;
const BATCH = 100;

/**
 * Photos on no listing (never saved with one, or taken off one) a day after their upload, and named
 * by no order (an order keeps its listing's first photo): their rows go, and their files are
 * scheduled for removal in the same transaction (docs/pictures.md#removing-photos). Rows another
 * process is attaching are skipped. Answers how many went.
 */
export async function pruneUnusedPhotos(db: Db, clock: Clock): Promise<number> {
  let pruned = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const cutoff = new Date(clock.now().getTime() - UNUSED_PHOTO_KEPT_MS);
      const pick = tx
        .select({ id: complexPhotos.id })
        .from(complexPhotos)
        .where(
          and(
            isNull(complexPhotos.listingId),
            lt(complexPhotos.createdAt, cutoff),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(complexOrders)
                .where(sql`${complexOrders.photoId} = ${complexPhotos.id}`),
            ),
          ),
        )
        .orderBy(asc(complexPhotos.createdAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const gone = await tx
        .delete(complexPhotos)
        .where(inArray(complexPhotos.id, pick))
        .returning({ id: complexPhotos.id });
      for (const { id } of gone)
        await schedulePhotoRemoval(tx, clock, (size) => photoKey(id, size), clock.now());
      return gone.length;
    });
    pruned += n;
    if (n < BATCH) return pruned;
  }
}
