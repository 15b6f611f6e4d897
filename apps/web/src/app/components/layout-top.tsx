import type { ReactNode } from 'react';
import { useScrolled } from '../../lib/viewport.ts';

/** The sticky top of every layout (app bar and offline banner); it lifts off the page once the page scrolls under it. */
export function LayoutTop({ children }: { children: ReactNode }) {
  const scrolled = useScrolled();
  return <div className={scrolled ? 'layout__top layout__top--scrolled' : 'layout__top'}>{children}</div>;
}
