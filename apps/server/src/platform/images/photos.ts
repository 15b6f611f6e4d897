import { MAX_PHOTO_BYTES, PHOTO_SIZES, type PhotoSize } from '@petti/shared/schemas/photo';
import type SharpModule from 'sharp';
import { AppError } from '../../http/app-error.ts';
import type { FileStorage } from '../storage/storage.ts';

/**
 * sharp, loaded with the first photo: libvips costs a process tens of megabytes of memory from the
 * moment it loads, and most processes never see a photo (docs/performance.md#memory).
 */
let loaded: Promise<typeof SharpModule> | null = null;
const loadSharp = () => {
  loaded ??= import('sharp').then((m) => m.default);
  return loaded;
};

/** What the decoder accepts; anything else (a PDF, a video, a renamed text file) is refused. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** A phone's 50 MP photo decodes to this many pixels; more is an attack, not a photo. */
const MAX_PIXELS = 60_000_000;

/**
 * An uploaded photo (docs/pictures.md): decoded with sharp (libvips), turned upright by its EXIF
 * orientation, stripped of its metadata (a phone's photo carries where it was taken), and kept at the
 * three `PHOTO_SIZES` widths as WebP under `keyOf(size)`. Every size is made before any is stored, so a
 * bad file stores nothing.
 */
export async function storePhoto(
  storage: FileStorage,
  keyOf: (size: PhotoSize) => string,
  body: Buffer,
): Promise<void> {
  if (body.length > MAX_PHOTO_BYTES) throw new AppError('PhotoTooLarge');
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    ({ format } = await sharp(body, { limitInputPixels: MAX_PIXELS }).metadata());
  } catch {
    throw new AppError('PhotoInvalid');
  }
  if (!format || !READABLE.has(format)) throw new AppError('PhotoInvalid');
  const sizes = Object.entries(PHOTO_SIZES) as Array<[PhotoSize, number]>;
  let made: Array<[PhotoSize, Buffer]>;
  try {
    made = await Promise.all(
      sizes.map(async ([size, width]) => {
        const out = await sharp(body, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer();
        return [size, out] as [PhotoSize, Buffer];
      }),
    );
  } catch {
    throw new AppError('PhotoInvalid');
  }
  for (const [size, out] of made) await storage.put(keyOf(size), out, 'image/webp');
}
