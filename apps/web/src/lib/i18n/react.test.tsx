// @vitest-environment happy-dom

import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commonEn } from './en.ts';
import { i18n, initI18n, setLanguage } from './index.ts';
import { Trans, useTranslation } from './react.tsx';
import { commonTa } from './ta.ts';

beforeAll(async () => {
  // lib/'s own strings: the keys used here are among them.
  await initI18n({ en: async () => commonEn, ta: async () => commonTa });
  await setLanguage('en');
});
afterEach(async () => {
  cleanup();
  await act(() => setLanguage('en'));
});

function CartLabel({ count }: { count: number }) {
  const { t } = useTranslation();
  return <p>{t('nav.cartCount', { count })}</p>;
}

describe('the strings in a component', () => {
  it('draws again in the new language when it changes, and says so on the page', async () => {
    render(<CartLabel count={2} />);
    expect(screen.getByText('Cart, 2 items')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    await act(() => setLanguage('ta'));
    expect(screen.queryByText('Cart, 2 items')).toBeNull();
    expect(screen.getByRole('paragraph').textContent).toMatch(/[\u0B80-\u0BFF]/);
    expect(document.documentElement.lang).toBe('ta');
    expect(i18n.resolvedLanguage).toBe('ta');
  });

  it('places the components a translation marks, with its values filled in', () => {
    render(
      <p data-testid="sent">
        <Trans
          i18nKey="otp.sentTo"
          values={{ destination: '+91 98765 43210' }}
          components={{ strong: <strong /> }}
        />
      </p>,
    );
    const strong = screen.getByText('+91 98765 43210');
    expect(strong.tagName).toBe('STRONG');
    expect(screen.getByTestId('sent').textContent).toContain('+91 98765 43210');
    expect(screen.getByTestId('sent').textContent).not.toContain('<');
  });
});
