import { createHash } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolderStorage } from './folder-storage.ts';
import { createS3Storage } from './s3-storage.ts';

describe('SigV4 (aws4fetch)', () => {
  it('signs the documented S3 GetObject example exactly as AWS does', async () => {
    // From AWS's "Signature Calculations for the Authorization Header" example (GET /test.txt).
    const empty = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const signer = new AwsClient({
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 's3',
    });
    const signed = await signer.sign('https://examplebucket.s3.amazonaws.com/test.txt', {
      method: 'GET',
      headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': empty },
      aws: { datetime: '20130524T000000Z', allHeaders: true },
    });
    expect(signed.headers.get('authorization')).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('folder storage', () => {
  it('keeps, reads and removes files, and refuses a key that could leave its folder', async () => {
    const root = await mkdtemp(join(tmpdir(), 'petti-storage-'));
    const storage = createFolderStorage(root);
    await storage.put('complex/abc/thumb.webp', Buffer.from('webp'), 'image/webp');
    expect(await storage.get('complex/abc/thumb.webp')).toEqual({
      body: Buffer.from('webp'),
      contentType: 'image/webp',
    });
    expect(await storage.get('complex/abc/large.webp')).toBeNull();
    // No temporary file is left beside it.
    expect(await readdir(join(root, 'complex', 'abc'))).toEqual(['thumb.webp']);
    await expect(storage.get('../etc/passwd')).rejects.toThrow(/unsafe/);
    await storage.remove(['complex/abc/thumb.webp']);
    expect(await storage.get('complex/abc/thumb.webp')).toBeNull();
  });
});

describe('S3-compatible storage', () => {
  // A tiny object store that keeps what it is sent and checks each request is signed for it.
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: Array<{ method: string; url: string; auth: string }> = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const auth = String(req.headers.authorization ?? '');
    seen.push({ method: req.method!, url: req.url!, auth });
    if (!auth.startsWith('AWS4-HMAC-SHA256 Credential=KEY/')) {
      res.writeHead(403).end();
      return;
    }
    // As S3 does: the body must be the one whose hash was signed.
    if (
      req.headers['x-amz-content-sha256'] !== createHash('sha256').update(Buffer.concat(chunks)).digest('hex')
    ) {
      res.writeHead(400).end('XAmzContentSHA256Mismatch');
      return;
    }
    if (req.method === 'PUT') {
      objects.set(req.url!, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      const o = objects.get(req.url!);
      if (!o) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': o.type }).end(o.body);
    } else {
      objects.delete(req.url!);
      res.writeHead(204).end();
    }
  });
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('puts, gets and deletes objects path-style in its bucket, every request signed', async () => {
    const storage = createS3Storage({
      endpoint,
      bucket: 'petti-photos',
      region: 'ap-south-1',
      accessKeyId: 'KEY',
      secretAccessKey: 'SECRET',
      now: () => new Date('2026-11-24T10:00:00Z'),
    });
    await storage.put('complex/p1/medium.webp', Buffer.from([1, 2, 3]), 'image/webp');
    expect([...objects.keys()]).toEqual(['/petti-photos/complex/p1/medium.webp']);
    expect(await storage.get('complex/p1/medium.webp')).toEqual({
      body: Buffer.from([1, 2, 3]),
      contentType: 'image/webp',
    });
    expect(await storage.get('complex/p1/large.webp')).toBeNull();
    await storage.remove(['complex/p1/medium.webp']);
    expect(objects.size).toBe(0);
    expect(seen[0]!.auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=KEY\/20261124\/ap-south-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });
});
