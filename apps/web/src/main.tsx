import './app/tokens.css';
import './app/global.css';
import './app/layouts/layouts.css';
import './lib/ui/ui.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { messageLoaders } from './app/i18n/resources.ts';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n/index.ts';
import { log } from './lib/log.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Petti: #root is missing from index.html');

// Made first: a data router starts loading the first screen's code as it is made, so that code
// downloads beside the language's strings instead of after them (docs/performance.md#lighthouse).
const router = createRouter();

function mount() {
  createRoot(container!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

// Strings first (one small chunk for the chosen language), then the app. If they cannot load
// (offline on a first visit), the app still mounts and its error page offers a reload.
initI18n(messageLoaders)
  .catch((error: unknown) => log.error('translations failed to load', error))
  .finally(mount);
