import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * A page named by its data rather than its route (a shop's page is the shop's name, not "Search"):
 * the page says its title here, and the top bar and the document title read it instead of the
 * route's own (app/root.tsx, the layouts).
 */
const named = createStore<{ title: string | null }>(() => ({ title: null }));

/** Names the page showing now; gone again when it leaves. */
export function useNamedPage(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    named.setState({ title });
    return () => {
      if (named.getState().title === title) named.setState({ title: null });
    };
  }, [title]);
}

/** The name the page showing now gave itself, or null for its route's own title. */
export function usePageName(): string | null {
  return useStore(named, (s) => s.title);
}
