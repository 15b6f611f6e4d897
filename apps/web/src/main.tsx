import './app/tokens.css';
import './app/global.css';
import './app/layouts/layouts.css';
import './lib/ui/ui.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { messageLoaders, messageSections } from './app/i18n/resources.ts';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n/index.ts';
import { log } from './lib/log.ts';
import { yieldToMain } from './lib/yield-to-main.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Petti: #root is missing from index.html');

function mount(router: ReturnType<typeof createRouter>) {
  createRoot(container!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

// Evaluating the app's modules, making the router and the first render are each a task of their
// own: run as one, they blocked a slow phone's main thread for over 100 ms
// (docs/performance.md#shorter-tasks-on-the-dashboard).
async function start() {
  await yieldToMain();
  // Made before the strings are asked for: a data router starts loading the first screen's code as
  // it is made, so that code downloads beside the language's strings instead of after them.
  const router = createRouter();
  // Strings first (one small chunk for the chosen language), then the app. If they cannot load
  // (offline on a first visit), the app still mounts and its error page offers a reload.
  await initI18n(messageLoaders, messageSections).catch((error: unknown) =>
    log.error('translations failed to load', error),
  );
  await yieldToMain();
  mount(router);
}

void start();
