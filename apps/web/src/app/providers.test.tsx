// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../lib/auth-storage.ts';
import { Providers } from './providers.tsx';

// The signed-in chunk cannot be fetched (the line dropped on a first visit).
vi.mock('./signed-in-services.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.restoreAllMocks();
});

describe('the app’s services', () => {
  it('keep the screen when the signed-in part cannot load: no error page, the failure logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    setSession({ userId: 'u1', accessToken: 'a', refreshToken: 'r' });
    render(
      <Providers>
        <p>the screen</p>
      </Providers>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(errors).toHaveBeenCalledWith('Petti: live updates and alerts could not load', expect.any(Error));
  });
});
