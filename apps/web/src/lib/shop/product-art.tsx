/**
 * A product's or shop's picture. The demo catalog has no photos (and none may be downloaded), and
 * emoji need a colour-emoji font many phones and CI browsers lack, so an item without an image gets a
 * drawn tile: its initials on a tint chosen from its id (the same item always looks the same).
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
}: {
  id: string;
  image?: string | null;
  label: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  if (image?.startsWith('/')) {
    return <img className={`product-art product-art--${size}`} src={image} alt="" loading="lazy" />;
  }
  const [background, color] = tintOf(id);
  return (
    <span className={`product-art product-art--${size}`} style={{ background, color }} aria-hidden="true">
      {initialsOf(label)}
    </span>
  );
}
