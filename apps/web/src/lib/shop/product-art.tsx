import { ART_PREFIX } from '@petti/shared/rules/art';
import { useState } from 'react';
import { NearImage } from '../ui/near-image.tsx';

/**
 * A product's, category's or shop's picture: a photo, or one of the bundled illustrations under
 * `/art/` (docs/pictures.md), drawn on a tint. When there is no picture, or it fails to load (offline
 * and never seen, or gone), a drawn tile stands in: the item's initials on a tint chosen from its id,
 * so the same item always looks the same.
 */
const TINTS: [string, string][] = [
  ['#fff1e8', '#b3470a'],
  ['#e9f6ec', '#1e7e34'],
  ['#e8f0fd', '#1a5fd6'],
  ['#fbe8f2', '#b0226b'],
  ['#fdf3df', '#8a5a00'],
  ['#efeafd', '#5b3cc4'],
];

function tintOf(id: string): [string, string] {
  let hash = 0;
  for (const ch of id) hash = (hash * 33 + ch.charCodeAt(0)) >>> 0;
  return TINTS[hash % TINTS.length]!;
}

/** Up to two initials: "Ponni Raw Rice" → "PR"; Tamil names keep their first letter. */
export function initialsOf(label: string): string {
  const words = label.trim().split(/\s+/).filter(Boolean);
  const first = [...(words[0] ?? '?')][0] ?? '?';
  const second = words.length > 1 && /^[A-Za-z]/.test(words[1]!) ? words[1]![0] : '';
  return `${first}${second}`.toUpperCase();
}

export function ProductArt({
  id,
  image,
  label,
  size = 'md',
  srcSet,
  sizes,
  alt = '',
  whenNear = false,
}: {
  id: string;
  image?: string | null;
  label: string;
  size?: 'sm' | 'md' | 'lg';
  /** A photo's widths (`srcset`) and the width it is shown at (`sizes`). */
  srcSet?: string;
  sizes?: string;
  alt?: string;
  /** Fetched only once near the screen (lib/ui/near-image.tsx): for pictures far down a first screen. */
  whenNear?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const [background, color] = tintOf(id);
  if (image?.startsWith('/') && failed !== image) {
    const drawn = image.startsWith(ART_PREFIX);
    const Picture = whenNear ? NearImage : 'img';
    return (
      <Picture
        className={`product-art product-art--${size}${drawn ? ' product-art--drawn' : ''}`}
        style={drawn ? { background } : undefined}
        src={image}
        srcSet={srcSet}
        // `sizes` means something only beside a `srcset` (HTML).
        sizes={srcSet ? sizes : undefined}
        alt={alt}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(image)}
      />
    );
  }
  const style = { background, color };
  if (alt) {
    return (
      <span className={`product-art product-art--${size}`} style={style} role="img" aria-label={alt}>
        {initialsOf(label)}
      </span>
    );
  }
  return (
    <span className={`product-art product-art--${size}`} style={style} aria-hidden="true">
      {initialsOf(label)}
    </span>
  );
}
