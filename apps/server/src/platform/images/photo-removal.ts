import { PHOTO_SIZES, type PhotoSize } from '@petti/shared/schemas/photo';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { type LeasedHandler, schedule } from '../jobs/worker.ts';
import type { FileStorage } from '../storage/storage.ts';

/**
 * Removing a photo's files once nothing shows it (docs/pictures.md#removing-photos). The row that
 * named the photo changes in a transaction, and the same transaction schedules this timer: the store
 * may be a remote bucket (no network call inside a transaction), and a crash between the two then
 * neither keeps the files for ever nor removes a photo still named.
 */
export const REMOVE_PHOTO_FILES = 'photos.remove-files';

/** A photo replaced or taken off stays this long: answers and pages cached before the change still show it. */
export const REPLACED_PHOTO_KEPT_MS = 24 * 3_600_000;

/** Schedules the removal of a photo's files at every size (`keyOf` as it was stored with). */
export async function schedulePhotoRemoval(
  tx: DbOrTx,
  clock: Clock,
  keyOf: (size: PhotoSize) => string,
  dueAt: Date,
): Promise<void> {
  const keys = (Object.keys(PHOTO_SIZES) as PhotoSize[]).map(keyOf);
  await schedule(tx, clock, { kind: REMOVE_PHOTO_FILES, dueAt, data: { keys } });
}

const timerData = z.object({ keys: z.array(z.string()).min(1) });

/** The timer's work, leased (a bucket's DELETE is a network call); both stores take a missing file as removed, so a repeat is harmless. */
export const removePhotoFiles =
  (storage: FileStorage): LeasedHandler =>
  async (timer) => {
    await storage.remove(timerData.parse(timer.data).keys);
  };
