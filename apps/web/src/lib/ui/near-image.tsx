import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';

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
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = image.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  // biome-ignore lint/a11y/useAltText: the caller's alt comes in `rest`
  return <img ref={image} {...rest} src={near ? src : undefined} srcSet={near ? srcSet : undefined} />;
}
