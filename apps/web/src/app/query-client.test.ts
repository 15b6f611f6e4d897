import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { retryQuery } from './query-client.ts';

describe('query retries', () => {
  it('leave API failures to the API client, which has retried them already', () => {
    const error = new ApiError({ status: 503, code: 'ServiceUnavailable', message: 'down' });
    expect(retryQuery(0, error)).toBe(false);
  });

  it('give other failures 3 attempts in all', () => {
    expect([0, 1, 2].map((n) => retryQuery(n, new Error('bug')))).toEqual([true, true, false]);
  });
});
