import { z } from 'zod';

/**
 * `GET /api/map` (public): where the app's maps get their tiles (docs/maps.md). `tiles` is null when
 * none are configured; the maps then draw their pins on the town's outline.
 */
export const mapSettingsSchema = z.object({
  tiles: z
    .object({
      /** An OpenStreetMap-compatible template: {z}, {x}, {y}, and {s} for one of `subdomains`. */
      url: z.string(),
      /** HTML the provider's terms require in the map's corner. */
      attribution: z.string(),
      subdomains: z.string(),
      maxZoom: z.number().int(),
    })
    .nullable(),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;

/** The CSP source that admits a tile template's host: `https://{s}.tile.example.org/…` → `https://*.tile.example.org`. */
export function tileSource(template: string): string | null {
  const match = /^(https?:\/\/)([^/?#]+)/.exec(template);
  return match ? `${match[1]}${match[2]!.replace('{s}', '*')}` : null;
}
