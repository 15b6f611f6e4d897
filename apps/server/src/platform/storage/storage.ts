/**
 * Where uploaded files live (docs/complex.md#photos). Keys are paths such as `complex/<photo>/medium.webp`;
 * the embedded default is a folder under the data folder, and production points every process at the
 * same shared store so a photo uploaded through one process is served by any other.
 */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  remove(keys: readonly string[]): Promise<void>;
}

/** Keys are made by Petti from ids it issued; anything else is refused rather than resolved. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/.test(key)) throw new Error(`unsafe storage key: ${key}`);
}
