// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { dismissBootSplash } from './boot-splash.ts';

describe('dismissBootSplash', () => {
  it('takes index.html’s splash away, once, and leaves the app alone', () => {
    document.body.innerHTML = '<div id="root"><p>app</p></div><div id="boot" class="boot-splash">Petti</div>';
    dismissBootSplash();
    expect(document.getElementById('boot')).toBeNull();
    expect(document.getElementById('root')?.textContent).toBe('app');
    dismissBootSplash();
    expect(document.body.children).toHaveLength(1);
  });
});
