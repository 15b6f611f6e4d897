/**
 * A drawn shop front for a partner shop. Petti ships no photos, so
 * each shop gets an SVG storefront whose awning colours come from its id: the same shop always
 * looks the same, and neighbouring cards differ.
 */

const AWNINGS: [string, string][] = [
  ['#f26b1d', '#fff1e8'],
  ['#1e7e34', '#e9f6ec'],
  ['#1a5fd6', '#e8f0fd'],
  ['#b0226b', '#fbe8f2'],
  ['#8a5a00', '#fdf3df'],
  ['#5b3cc4', '#efeafd'],
];

export function colourIndex(id: string, modulo: number): number {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % modulo;
}

export function ShopIllustration({ id, label, size = 96 }: { id: string; label: string; size?: number }) {
  const decorative = label.trim() === '';
  const [stripe, light] = AWNINGS[colourIndex(id, AWNINGS.length)]!;
  const initial = label.trim().charAt(0).toUpperCase() || '?';
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 96 96"
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative || undefined}
    >
      <rect x="0" y="0" width="96" height="96" rx="14" fill={light} />
      <rect x="14" y="34" width="68" height="50" rx="3" fill="#ffffff" stroke="#e8e1db" />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <path
          key={i}
          d={`M${10 + i * 12.67} 22h12.67v12a6.33 6.33 0 0 1-12.67 0z`}
          fill={i % 2 === 0 ? stripe : '#ffffff'}
          stroke={stripe}
          strokeWidth="1"
        />
      ))}
      <rect x="10" y="14" width="76" height="9" rx="2" fill={stripe} />
      <rect x="22" y="52" width="22" height="32" rx="2" fill={light} stroke={stripe} />
      <rect x="52" y="50" width="22" height="16" rx="2" fill={light} stroke={stripe} />
      {label.trim() && (
        <text x="63" y="62" textAnchor="middle" fontSize="12" fontWeight="700" fill={stripe}>
          {initial}
        </text>
      )}
    </svg>
  );
}
