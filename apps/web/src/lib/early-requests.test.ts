import { describe, expect, it, vi } from 'vitest';
import { EARLY_REQUESTS, type EarlyRequest, takeEarlyResponse } from './early-requests.ts';
import { dropEarlyResponses } from './early-requests-leftovers.ts';

describe('dropEarlyResponses', () => {
  it('lets go of every answer no one took, reading none of them, and leaves nothing to take after', async () => {
    const cancel = vi.fn(async () => undefined);
    const response = Promise.resolve({ body: { cancel } } as unknown as Response);
    const early: Record<string, EarlyRequest> = {
      '/api/addresses': { at: 0, headers: '{}', response },
    };
    const scope: Record<string, unknown> = { [EARLY_REQUESTS]: early };
    dropEarlyResponses(scope);
    await response;
    await Promise.resolve();
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(takeEarlyResponse('/api/addresses', {}, 0, scope)).toBeNull();
  });

  it('does nothing when the page asked for nothing early, or a request failed', async () => {
    expect(() => dropEarlyResponses({})).not.toThrow();
    const failed = Promise.reject(new Error('offline'));
    const scope: Record<string, unknown> = {
      [EARLY_REQUESTS]: { '/api/x': { at: 0, headers: '{}', response: failed } },
    };
    dropEarlyResponses(scope);
    await expect(failed).rejects.toThrow('offline');
  });
});
