import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

/**
 * The bare anchor of the Lighthouse bench (docs/performance.md#lighthouse): React 19 and React
 * Router's data router drawing one screen of text, nothing else. What it scores on a machine at an
 * hour is what any React app would: Petti's screens are read beside it.
 */
function Screen() {
  return (
    <main style={{ fontFamily: 'sans-serif', padding: 16 }}>
      <h1>Petti</h1>
      <p>
        Lockers, plans and local shops in Sivakasi: the same framework, with nothing of the app around it.
      </p>
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', Component: Screen }]);
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
