import { useEffect, useSyncExternalStore } from 'react';

/**
 * A page named by its data rather than its route (a shop's page is the shop's name, not "Search"):
 * the page says its title here, and the top bar and the document title read it instead of the
 * route's own (app/root.tsx, the layouts).
 */
let current: string | null = null;
const listeners = new Set<() => void>();
const tell = () => {
  for (const listener of listeners) listener();
};

/** Names the page showing now; gone again when it leaves. */
export function useNamedPage(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    current = title;
    tell();
    return () => {
      if (current === title) {
        current = null;
        tell();
      }
    };
  }, [title]);
}

/** The name the page showing now gave itself, or null for its route's own title. */
export function usePageName(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
