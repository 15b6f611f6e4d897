// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { bootSplashUp, dismissBootSplash, holdBootSplash } from './boot-splash.ts';

describe('dismissBootSplash', () => {
  it('takes index.html’s splash away, once, and leaves the app alone', () => {
    document.body.innerHTML = '<div id="root"><p>app</p></div><div id="boot" class="boot-splash">Petti</div>';
    expect(bootSplashUp()).toBe(true);
    dismissBootSplash();
    expect(bootSplashUp()).toBe(false);
    expect(document.getElementById('root')?.textContent).toBe('app');
    dismissBootSplash();
    expect(document.body.children).toHaveLength(1);
  });

  it('waits for every part still holding the splash, then takes it away with the last', () => {
    document.body.innerHTML = '<div id="root"></div><div id="boot" class="boot-screen">copy</div>';
    const first = holdBootSplash();
    const second = holdBootSplash();
    dismissBootSplash();
    expect(bootSplashUp()).toBe(true);
    first();
    first(); // once is enough: a second call does not count as the other part's
    expect(bootSplashUp()).toBe(true);
    second();
    expect(bootSplashUp()).toBe(false);
  });
});
