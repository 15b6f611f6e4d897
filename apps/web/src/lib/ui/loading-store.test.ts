import { afterEach, describe, expect, it } from 'vitest';
import { loading, loadingStore, withLoading } from './loading-store.ts';

const isLoading = () => loadingStore.getState().count > 0;

afterEach(() => loading.reset());

describe('loading overlay store', () => {
  it('shows while at least one caller holds it', () => {
    loading.show();
    loading.show();
    loading.hide();
    expect(isLoading()).toBe(true);
    loading.hide();
    expect(isLoading()).toBe(false);
    loading.hide();
    expect(loadingStore.getState().count).toBe(0);
  });

  it('withLoading holds it for the work and releases it on failure too', async () => {
    const work = withLoading(async () => {
      expect(isLoading()).toBe(true);
      throw new Error('nope');
    });
    await expect(work).rejects.toThrow('nope');
    expect(isLoading()).toBe(false);
  });
});
