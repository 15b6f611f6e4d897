const BASE = 'http://petti.invalid';

/** `safeReturnPath`'s rule as a pattern, for the API document. */
export const RETURN_PATH_PATTERN =
  '^/(?:[^/\\\\\\u0000-\\u001f\\u007f][^\\\\\\u0000-\\u001f\\u007f]{0,998})?$';

/**
 * The checkout's `return` must be a path on Petti's own origin ("/subscribed?x=1"), never an
 * absolute URL, a scheme-relative `//host`, a backslash trick or a control character: an open
 * redirect would let anyone send payers from a trusted page to any site. Null when refused.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}`;
}

/** The return path with the checkout's answer added to its query. */
export function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, BASE);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}`;
}
