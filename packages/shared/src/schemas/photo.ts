import { z } from 'zod';

/**
 * Uploaded photos (a neighbour's listing, a shop's product; docs/pictures.md): kept at three widths
 * as WebP, shown with `srcset`.
 */
export const PHOTO_SIZES = { thumb: 160, medium: 480, large: 1080 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;
/** A phone's photo fits; a larger upload is refused (`PhotoTooLarge`). */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

export const photoSchema = z.object({
  id: z.string(),
  /** Size name → URL of the webp at that width. */
  urls: z.object({ thumb: z.string(), medium: z.string(), large: z.string() }),
});
export type Photo = z.infer<typeof photoSchema>;

/** `srcset` over a photo's widths. */
export const photoSrcSet = (photo: Photo): string =>
  (Object.keys(PHOTO_SIZES) as PhotoSize[])
    .map((size) => `${photo.urls[size]} ${PHOTO_SIZES[size]}w`)
    .join(', ');

/** `GET …/photos/:id/:size`: an uploaded photo's file at one width. */
export const photoFileParams = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/),
  size: z.enum(Object.keys(PHOTO_SIZES) as [PhotoSize, ...PhotoSize[]]),
});
