import { randomBytes } from 'node:crypto';

const ID_BYTES = 16;
/** Random bytes asked for at once: one call to the system's generator per 256 ids, not one per id. */
const POOL_BYTES = ID_BYTES * 256;
let pool = Buffer.alloc(0);
let at = 0;

/** A new row id: 128 random bits as hex, unguessable so ids in URLs reveal nothing. */
export function newId(): string {
  if (at + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    at = 0;
  }
  const id = pool.toString('hex', at, at + ID_BYTES);
  at += ID_BYTES;
  return id;
}
