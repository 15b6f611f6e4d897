import { randomBytes } from 'node:crypto';

/** A new row id: 128 random bits as hex, unguessable so ids in URLs reveal nothing. */
export const newId = (): string => randomBytes(16).toString('hex');
