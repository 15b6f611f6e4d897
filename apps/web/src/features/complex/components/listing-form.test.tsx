// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/render.tsx';
import { ListingForm } from './listing-form.tsx';

const categories = {
  categories: [{ id: 'household', name: { en: 'Household', ta: 'வீட்டுப் பொருட்கள்' }, icon: null }],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('listing an item', () => {
  it('says by field what is missing or wrong, focuses the first, and sends nothing', async () => {
    const api = fakeApi({ '/api/categories': categories });
    const saved = vi.fn();
    await renderPage(<ListingForm onSaved={saved} />);
    await screen.findByRole('option', { name: 'Household' });
    fireEvent.input(screen.getByTestId('listing-price'), { target: { value: '-5' } });
    fireEvent.click(screen.getByTestId('listing-save'));
    expect(await screen.findByText('Give the item a title.')).toBeTruthy();
    expect(screen.getByText('Choose a category.')).toBeTruthy();
    expect(screen.getByText('Enter a price between ₹1 and ₹1,00,000.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('listing-title'));
    // Typing in a field takes its message away.
    fireEvent.input(screen.getByTestId('listing-title'), { target: { value: 'Cycle' } });
    expect(screen.queryByText('Give the item a title.')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(saved).not.toHaveBeenCalled();
  });

  it('never offers the locker for hazardous items, and sends a valid listing in paise', async () => {
    const api = fakeApi({
      '/api/categories': categories,
      'POST /api/complex/listings': { status: 201, body: { id: 'cl-1', title: 'Sparklers' } },
    });
    const saved = vi.fn();
    await renderPage(<ListingForm onSaved={saved} />);
    await screen.findByRole('option', { name: 'Household' });
    fireEvent.input(screen.getByTestId('listing-title'), { target: { value: 'Sparklers' } });
    fireEvent.change(screen.getByTestId('listing-category'), { target: { value: 'household' } });
    fireEvent.input(screen.getByTestId('listing-price'), { target: { value: '149.50' } });
    fireEvent.click(screen.getByTestId('listing-hazardous').querySelector('input')!);
    const locker = screen.getByTestId('handover-complex_locker').querySelector('input')!;
    expect(locker.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('listing-save'));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      title: 'Sparklers',
      pricePaise: 14950,
      hazardous: true,
      handover: ['in_person'],
      photoIds: [],
    });
  });
});
