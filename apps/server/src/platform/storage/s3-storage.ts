import { amzDate, encodeSegment, sha256Hex, signV4 } from './sigv4.ts';
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

/**
 * Photos in an S3-compatible object store (path-style addressing), shared by every process of a
 * deployment (docs/complex.md#photos). Requests are signed with SigV4 by `sigv4.ts`; no SDK.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const base = new URL(options.endpoint);
  const basePath = base.pathname.replace(/\/$/, '');

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    assertSafeKey(key);
    const path = `${basePath}/${encodeSegment(options.bucket)}/${key.split('/').map(encodeSegment).join('/')}`;
    const payloadHash = sha256Hex(body ?? '');
    const headers: Record<string, string> = {
      host: base.host,
      'x-amz-date': amzDate(now()),
      'x-amz-content-sha256': payloadHash,
    };
    const authorization = signV4(
      { method, path, headers, payloadHash },
      {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
        region: options.region,
        service: 's3',
      },
    );
    const { host: _host, ...sent } = headers;
    return doFetch(`${base.origin}${path}`, {
      method,
      headers: { ...sent, authorization, ...(contentType ? { 'content-type': contentType } : {}) },
      body: body ? new Uint8Array(body) : undefined,
    });
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
