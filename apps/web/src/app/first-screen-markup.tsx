import type { Language } from '@petti/shared/constants';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { clearSession, setExistingUser, setSession } from '../lib/auth-storage.ts';
import { initI18n, setLanguage } from '../lib/i18n/index.ts';
import { messageLoaders, messageSections } from './i18n/resources.ts';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

/** Where the screen is drawn: its path, the route's code loaded, and a session set up as the visitor's. */
async function loadedRouter(path: string, language: Language, user: string | null) {
  await initI18n(messageLoaders, messageSections);
  await setLanguage(language);
  if (user) {
    setSession({ userId: user, accessToken: user, refreshToken: user });
    setExistingUser();
  } else {
    clearSession();
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // The route's layout and page are lazy: the first drawing waits for their code, as the app does.
  const deadline = Date.now() + 20_000;
  while (!router.state.initialized || router.state.navigation.state !== 'idle') {
    if (Date.now() > deadline) throw new Error(`first-screen markup: the route at ${path} never loaded`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return router;
}

/**
 * A screen's markup as the app first draws it at `path` in `language`: the whole app (providers,
 * router, layout, page) rendered by React DOM's server renderer once the route's code has loaded.
 * Signed in, it is someone's screen before any of their data has come, so every part that waits for
 * data shows its skeleton. The build writes these into index.html, so a first visit paints its
 * screen before any script arrives. `ready` (a CSS selector) must be in it.
 */
export async function renderFirstScreen(
  path: string,
  language: Language,
  ready: string,
  /** The made-up user a signed-in screen is drawn for; null to draw it signed out. */
  user: string | null,
): Promise<string> {
  const router = await loadedRouter(path, language, user);
  try {
    const markup = renderToString(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const check = document.createElement('div');
    check.innerHTML = markup;
    if (!check.querySelector(ready)) throw new Error(`first-screen markup: ${ready} is not at ${path}`);
    return markup;
  } finally {
    router.dispose();
  }
}

/**
 * Draws the screen at `path` as the app does in a browser, effects and all, until `ready` is in it:
 * the API reads it starts are what a first visit to that address asks for (index.html asks for them
 * early, src/lib/early-requests.ts). The server renderer runs no effect, so it cannot tell.
 */
export async function drawFirstScreen(path: string, language: Language, ready: string, user: string | null) {
  const router = await loadedRouter(path, language, user);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  try {
    root.render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const deadline = Date.now() + 20_000;
    while (!container.querySelector(ready)) {
      if (Date.now() > deadline) throw new Error(`first-screen: ${ready} never showed at ${path}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The effects of the first drawing (the screen's reads among them) run before this returns.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    root.unmount();
    router.dispose();
    container.remove();
  }
}
