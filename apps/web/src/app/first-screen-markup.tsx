import type { Language } from '@petti/shared/constants';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { clearSession, setExistingUser, setSession } from '../lib/auth-storage.ts';
import { initI18n, setLanguage } from '../lib/i18n/index.ts';
import { messageLoaders } from './i18n/resources.ts';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

/**
 * A screen's markup as the app first draws it at `path` in `language`: the whole app (providers,
 * router, layout, page) drawn into an element of a DOM, once `ready` (a CSS selector) is in it.
 * Signed in, it is someone's screen before any of their data has come: the build's DOM answers no
 * request (apps/web/scripts/first-screen.ts), so every part that waits for data shows its skeleton.
 * The build writes these into index.html, so a first visit paints its screen before any script
 * arrives.
 */
export async function renderFirstScreen(
  path: string,
  language: Language,
  ready: string,
  /** The made-up user a signed-in screen is drawn for; null to draw it signed out. */
  user: string | null,
): Promise<string> {
  await initI18n(messageLoaders);
  await setLanguage(language);
  if (user) {
    setSession({ userId: user, accessToken: user, refreshToken: user });
    setExistingUser();
  } else {
    clearSession();
  }
  const container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const root = createRoot(container);
  try {
    root.render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const deadline = Date.now() + 20_000;
    while (!container.querySelector(ready)) {
      if (Date.now() > deadline) throw new Error(`first-screen markup: ${ready} never showed at ${path}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Effects that change what is drawn (the document's language, ids) run before the copy is taken.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return container.innerHTML;
  } finally {
    root.unmount();
    router.dispose();
    container.remove();
  }
}
