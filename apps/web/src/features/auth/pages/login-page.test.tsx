// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import LoginPage from './login-page.tsx';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('/login', () => {
  it('counts down to when another code may be asked for (item 12)', async () => {
    fakeApi({
      'POST /api/auth/sign-in': {
        status: 429,
        body: {
          error: {
            code: 'CodeResendTooSoon',
            message: 'Please wait a little before asking for another code.',
            retryAfterSeconds: 3,
          },
        },
      },
    });
    await renderPage(<LoginPage />);
    fireEvent.input(screen.getByTestId('phone-input'), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const countdown = await screen.findByTestId('resend-countdown');
    expect(countdown.textContent).toMatch(/^You can ask for another code in 0:0[23]\.$/);
    await waitFor(() => expect(countdown.textContent).toMatch(/in 0:0[12]\./), { timeout: 2500 });
    await waitFor(() => expect(countdown.textContent).toBe('You can ask for another code now.'), {
      timeout: 4000,
    });
  });
});
