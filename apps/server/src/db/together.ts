/**
 * Waits for statements asked for side by side, on one transaction or on the pool, and answers their
 * answers in order. On a transaction they go to the database one behind the other without waiting
 * (./pipelining.ts) and run in the order they were asked for; once one fails, PostgreSQL refuses the
 * rest ("current transaction is aborted"). So the failure thrown is the first in that order, the
 * cause, whichever answer arrived first: a caller that handles a unique key taken sees it as such.
 */
export async function together<T extends readonly unknown[]>(
  statements: {
    [K in keyof T]: Promise<T[K]>;
  },
): Promise<T> {
  const settled = await Promise.allSettled(statements as readonly Promise<unknown>[]);
  const out: unknown[] = [];
  for (const s of settled) {
    if (s.status === 'rejected') throw s.reason;
    out.push(s.value);
  }
  return out as unknown as T;
}

/**
 * `together` for reads made by functions: each is called at once, so on a transaction their
 * statements share its connection's trips (./pipelining.ts) instead of waiting for each other.
 */
export function sideBySide<T extends readonly unknown[]>(
  tasks: {
    [K in keyof T]: () => Promise<T[K]>;
  },
): Promise<T> {
  return together<T>(tasks.map((task) => task()) as unknown as { [K in keyof T]: Promise<T[K]> });
}
