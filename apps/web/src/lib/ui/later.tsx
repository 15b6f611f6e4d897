import { type ReactNode, useLayoutEffect, useState } from 'react';
import { bootSplashUp, holdBootSplash } from '../boot-splash.ts';
import { yieldToMain } from '../yield-to-main.ts';

/**
 * Draws its children a task after the rest of the first screen, while index.html's copy of that
 * screen still covers the app, and holds the copy up until they are drawn. Drawing a whole screen
 * at once was one long task on a slow phone, and a long task blocks a tap; two shorter ones do not
 * (docs/performance.md#shorter-tasks-on-the-dashboard). Once the copy is gone (every later page)
 * it draws them at once, so a navigation never shows a page without its content.
 */
export function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(() => !bootSplashUp());
  useLayoutEffect(() => {
    if (shown) return;
    const release = holdBootSplash();
    let live = true;
    void yieldToMain().then(() => {
      if (live) setShown(true);
    });
    // Runs as the children are drawn (or if this is taken away first): the copy goes in that frame.
    return () => {
      live = false;
      release();
    };
  }, [shown]);
  return shown ? children : null;
}
