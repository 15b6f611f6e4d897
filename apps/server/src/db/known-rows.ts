/**
 * Rows by id: those the caller already holds (read moments ago in the same work), and only the rest
 * read, so a step that has a row in hand does not ask the database for it again.
 */
export async function knownOrRead<R extends { id: string }>(
  known: readonly R[] | undefined,
  ids: readonly string[],
  read: (missing: string[]) => Promise<R[]>,
): Promise<R[]> {
  const held = (known ?? []).filter((r) => ids.includes(r.id));
  const missing = ids.filter((id) => !held.some((r) => r.id === id));
  return missing.length > 0 ? [...held, ...(await read(missing))] : held;
}
