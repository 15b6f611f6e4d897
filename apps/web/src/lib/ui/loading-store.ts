import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * The full-screen loading overlay (docs/product.md#toasts-and-dialogs: 40 px spinner, orange background, zero
 * delay). Calls nest: the overlay shows while at least one caller holds it.
 */
export const loadingStore = createStore<{ count: number }>(() => ({ count: 0 }));

export const loading = {
  show(): void {
    loadingStore.setState((s) => ({ count: s.count + 1 }));
  },
  hide(): void {
    loadingStore.setState((s) => ({ count: Math.max(0, s.count - 1) }));
  },
  reset(): void {
    loadingStore.setState({ count: 0 });
  },
};

/** Shows the overlay while `work` runs. */
export async function withLoading<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  loading.show();
  try {
    return await (typeof work === 'function' ? work() : work);
  } finally {
    loading.hide();
  }
}

export function useIsLoading(): boolean {
  return useStore(loadingStore, (s) => s.count > 0);
}
