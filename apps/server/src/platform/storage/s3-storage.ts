import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { assertSafeKey, type FileStorage } from './storage.ts';

export interface S3StorageOptions {
  /** `https://s3.ap-south-1.amazonaws.com`, `https://<account>.r2.cloudflarestorage.com`, `http://minio:9000`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** `20130524T000000Z`, the form SigV4 dates take. */
const amzDate = (at: Date): string => at.toISOString().replace(/[:-]|\.\d{3}/g, '');

/** RFC 3986 encoding of one path segment, as S3 expects. */
const encodeSegment = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Photos in an S3-compatible object store (path-style addressing), shared by every process of a
 * deployment (docs/complex.md#photos). Requests are signed with SigV4 by `aws4fetch` (a small kept
 * library, on WebCrypto; no SDK); each body's SHA-256 is signed too, so the store checks what arrived.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const base = new URL(options.endpoint);
  const basePath = base.pathname.replace(/\/$/, '');
  const signer = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  });

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    assertSafeKey(key);
    const path = `${basePath}/${encodeSegment(options.bucket)}/${key.split('/').map(encodeSegment).join('/')}`;
    const request = await signer.sign(`${base.origin}${path}`, {
      method,
      headers: {
        'x-amz-content-sha256': createHash('sha256')
          .update(body ?? '')
          .digest('hex'),
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      body: body ? new Uint8Array(body) : undefined,
      aws: { datetime: amzDate(now()) },
    });
    return doFetch(request);
  }

  return {
    async put(key, body, contentType) {
      const res = await send('PUT', key, body, contentType);
      if (!res.ok) throw new Error(`object store PUT ${key}: ${res.status} ${await res.text()}`);
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`object store GET ${key}: ${res.status}`);
      return {
        body: Buffer.from(await res.arrayBuffer()),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async remove(keys) {
      for (const key of keys) {
        const res = await send('DELETE', key);
        if (!res.ok && res.status !== 404) throw new Error(`object store DELETE ${key}: ${res.status}`);
      }
    },
  };
}
