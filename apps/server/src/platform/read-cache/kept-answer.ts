import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** The content type Fastify gives JSON answers. */
export const JSON_TYPE = 'application/json; charset=utf-8';
/** Smaller answers are sent as they are, here and by the app's compression (app.ts). */
export const COMPRESS_FROM_BYTES = 1024;
/**
 * Brotli's quality for answers, kept or not. Higher qualities cost ten times the time for no
 * smaller JSON: a page of 50 products is 1,502 bytes at 5 in 0.16 ms, 1,498 at 9 in 2.4 ms, and
 * a search's answer is made for its first asker (docs/performance.md#search).
 */
export const ANSWER_BROTLI_QUALITY = 5;

/**
 * A finished JSON answer, and its brotli and gzip forms, each made the first time someone asks for it
 * and kept with it: a kept answer is compressed once, not once per request (docs/performance.md#reads).
 */
export class KeptAnswer {
  readonly #encoded = new Map<Encoding, Buffer>();
  #etag: string | null = null;
  constructor(readonly json: string) {}

  /**
   * The weak ETag `@fastify/etag` (app.ts) would give the JSON text, made once. Weak, so one tag for
   * every encoding of the same answer: an app that saved it from a brotli answer gets its 304 either way.
   */
  get etag(): string {
    this.#etag ??= `W/"${createHash('sha1').update(this.json).digest('base64')}"`;
    return this.#etag;
  }

  encoded(encoding: Encoding): Buffer {
    let body = this.#encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.json, {
              params: { [constants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY },
            })
          : gzipSync(this.json, { level: 9 });
      this.#encoded.set(encoding, body);
    }
    return body;
  }
}

/** `Accept-Encoding` headers seen, and what each chose; at most this many kept at once. */
const ENCODINGS_KEPT = 64;
const chosen = new Map<string, Encoding | null>();

/**
 * The encoding the client weighs highest of brotli and gzip, or none (`@fastify/accept-negotiator`).
 * Browsers send one of a handful of these headers, and parsing one was 3% of a kept read's time
 * (docs/performance.md#reads): each header's choice is kept.
 */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let encoding = chosen.get(header);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(header);
    if (chosen.size >= ENCODINGS_KEPT) chosen.clear();
    chosen.set(header, encoding);
  }
  return encoding;
}

/** By the client's weights; on a tie, brotli (smaller) before gzip. `x-gzip` is gzip's old name. */
function parseAcceptEncoding(header: string): Encoding | null {
  const encoding = negotiate(header.toLowerCase(), ['br', 'gzip', 'x-gzip']);
  return encoding === 'x-gzip' ? 'gzip' : encoding;
}

/**
 * Sends a kept answer as it is: Fastify serializes no string or Buffer, the text was checked against
 * the route's answer schema when it was made, and the app's compression leaves an answer that already
 * names its encoding alone. The ETag plugin takes the tag set here and answers 304 to a match.
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) {
  reply.type(JSON_TYPE).header('vary', 'accept-encoding').header('etag', answer.etag);
  const encoding =
    answer.json.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}
