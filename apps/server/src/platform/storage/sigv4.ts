import { createHash, createHmac } from 'node:crypto';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface SigV4Request {
  method: string;
  /** Already URI-encoded path, e.g. `/bucket/complex/abc/thumb.webp`. */
  path: string;
  /** Headers to sign (names any case); `host`, `x-amz-date` and `x-amz-content-sha256` must be among them. */
  headers: Record<string, string>;
  payloadHash: string;
}

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** `20130524T000000Z`, the form SigV4 wants. */
export const amzDate = (at: Date): string =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 3986 encoding of one path segment, as S3 expects (no double encoding). */
export const encodeSegment = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The `Authorization` header of AWS Signature Version 4 (no query string), as S3-compatible stores
 * (AWS S3, Cloudflare R2, MinIO, Backblaze B2) check it.
 */
export function signV4(req: SigV4Request, creds: SigV4Credentials): string {
  const headers = Object.entries(req.headers)
    .map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const date = headers.find(([k]) => k === 'x-amz-date')?.[1];
  if (!date) throw new Error('x-amz-date must be signed');
  const signedHeaders = headers.map(([k]) => k).join(';');
  const canonical = [
    req.method,
    req.path,
    '',
    ...headers.map(([k, v]) => `${k}:${v}`),
    '',
    signedHeaders,
    req.payloadHash,
  ].join('\n');
  const day = date.slice(0, 8);
  const scope = `${day}/${creds.region}/${creds.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), creds.service),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
