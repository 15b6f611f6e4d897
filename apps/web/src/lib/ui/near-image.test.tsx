// @vitest-environment happy-dom

import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEAR_MARGIN, NearImage, NOT_YET_SRC } from './near-image.tsx';

describe('a picture drawn when near the screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is asked for only once it comes within the margin, and keeps its size meanwhile', () => {
    let report: ((entries: Array<{ isIntersecting: boolean }>) => void) | null = null;
    const options: unknown[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report, init: unknown) {
          report = callback;
          options.push(init);
        }
        observe() {}
        disconnect() {}
      },
    );
    const { container } = render(<NearImage src="/art/1F35A.svg" alt="" width={44} height={44} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(NOT_YET_SRC);
    expect(img.getAttribute('width')).toBe('44');
    expect(options).toEqual([{ rootMargin: NEAR_MARGIN }]);
    act(() => report!([{ isIntersecting: false }]));
    expect(img.getAttribute('src')).toBe(NOT_YET_SRC);
    act(() => report!([{ isIntersecting: true }]));
    expect(img.getAttribute('src')).toBe('/art/1F35A.svg');
  });

  it('is asked for at once where the browser cannot say what is near', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { container } = render(<NearImage src="/art/1F35A.svg" alt="" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/art/1F35A.svg');
  });
});
