import { type ImgHTMLAttributes, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/** How close to the screen a picture must come before it is fetched and drawn. */
export const NEAR_MARGIN = '300px';

/**
 * A picture asked for only once it is within {@link NEAR_MARGIN} of the screen. The browser's own
 * `loading="lazy"` starts 1,250 px or more away, which on a phone is the whole dashboard: each of its
 * two dozen drawings (SVG files, each made into a document of its own) was being fetched and drawn
 * while the page started, on the main thread (docs/performance.md#shorter-tasks-on-the-dashboard).
 * Its box keeps its size meanwhile (width and height, or its class), so nothing moves when it comes.
 */
export function NearImage({ src, srcSet, ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  const image = useRef<HTMLImageElement>(null);
  const near = useNear(image);
  // biome-ignore lint/a11y/useAltText: the caller's alt comes in `rest`
  return <img ref={image} {...rest} src={near ? src : undefined} srcSet={near ? srcSet : undefined} />;
}

/** Whether the element has come within {@link NEAR_MARGIN} of the screen (once near, it stays so). */
export function useNear(element: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const watched = element.current;
    if (near || !watched) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(watched);
    return () => observer.disconnect();
  }, [near, element]);
  return near;
}

/**
 * A section drawn (and its code and data asked for) only once its place comes near the screen: what a
 * first screen does not show costs it nothing. The place keeps `minHeight` meanwhile.
 */
export function WhenNear({
  children,
  minHeight,
  testId,
}: {
  children: ReactNode;
  minHeight: number;
  testId?: string;
}) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNear(place);
  return near ? children : <div ref={place} style={{ minHeight }} aria-hidden="true" data-testid={testId} />;
}
