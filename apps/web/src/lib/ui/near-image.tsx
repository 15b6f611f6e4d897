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
export function NearImage({ src, srcSet, sizes, ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  const image = useRef<HTMLImageElement>(null);
  const near = useNear(image);
  return (
    // biome-ignore lint/a11y/useAltText: the caller's alt comes in `rest`
    <img
      ref={image}
      {...rest}
      src={near ? src : NOT_YET_SRC}
      srcSet={near ? srcSet : undefined}
      sizes={near && srcSet ? sizes : undefined}
    />
  );
}

/**
 * What a picture not yet near shows: one transparent pixel, inline. An `<img>` must have a source
 * (HTML), and an empty one would fail to load and be replaced by its fallback.
 */
export const NOT_YET_SRC = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

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
