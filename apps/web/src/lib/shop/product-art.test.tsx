// @vitest-environment happy-dom

import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductArt } from './product-art.tsx';

afterEach(cleanup);

describe('ProductArt', () => {
  it('draws a bundled picture whole on its tint, lazily', () => {
    const { container } = render(<ProductArt id="murugan-sugar" image="/art/1F35A.svg" label="Sugar" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/art/1F35A.svg');
    expect(img.className).toContain('product-art--drawn');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.style.background).not.toBe('');
  });

  it('lets a photo fill its frame, with its widths', () => {
    const { container } = render(
      <ProductArt
        id="cl-1"
        image="/api/complex/photos/p1/thumb"
        srcSet="/a 160w, /b 480w"
        sizes="160px"
        label="Mixie"
      />,
    );
    const img = container.querySelector('img')!;
    expect(img.className).not.toContain('product-art--drawn');
    expect(img.getAttribute('srcset')).toBe('/a 160w, /b 480w');
    expect(img.getAttribute('sizes')).toBe('160px');
  });

  it('falls back to the initials when the picture fails to load', () => {
    const { container } = render(
      <ProductArt id="murugan-sugar" image="/art/1F35A.svg" label="Ponni Raw Rice" />,
    );
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('PR');
  });

  it('tries again when it is given another picture', () => {
    const { container, rerender } = render(<ProductArt id="x" image="/art/1F35A.svg" label="Rice" />);
    fireEvent.error(container.querySelector('img')!);
    rerender(<ProductArt id="x" image="/art/1F35E.svg" label="Rice" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/art/1F35E.svg');
  });

  it('shows the initials without a picture, named when it stands for the item', () => {
    const { container } = render(<ProductArt id="x" label="Ponni Raw Rice" alt="Ponni Raw Rice" />);
    const tile = container.querySelector('[role="img"]')!;
    expect(tile.getAttribute('aria-label')).toBe('Ponni Raw Rice');
    expect(tile.textContent).toBe('PR');
  });
});
