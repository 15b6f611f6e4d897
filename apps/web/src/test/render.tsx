import type { Language } from '@petti/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { messageLoaders, messageSections } from '../app/i18n/resources.ts';
import { i18n, initI18n, loadSection, setLanguage } from '../lib/i18n/index.ts';

/**
 * Component tests (Testing Library in happy-dom): a page or component with the app's translations,
 * a fresh query cache and a router at `route`, and `fetch` answered by `api` (path → JSON or status).
 */
export type FakeAnswer =
  | unknown
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | ((url: URL) => unknown);

export function fakeApi(answers: Record<string, FakeAnswer>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const key = Object.keys(answers)
      .sort((a, b) => b.length - a.length)
      .find((k) => `${method} ${url.pathname}`.startsWith(k) || url.pathname.startsWith(k));
    if (key === undefined)
      return new Response('{"error":{"code":"ResourceNotFound","message":"x"}}', { status: 404 });
    let answer = answers[key];
    // A function may answer later (a promise): a test holding a request open until it says so.
    if (typeof answer === 'function') answer = await (answer as (u: URL) => unknown)(url);
    const shaped =
      answer && typeof answer === 'object' && 'status' in answer && typeof answer.status === 'number'
        ? (answer as { status: number; body?: unknown; headers?: Record<string, string> })
        : { status: 200, body: answer };
    return new Response(JSON.stringify(shaped.body ?? {}), {
      status: shaped.status,
      headers: { 'content-type': 'application/json', ...shaped.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

export async function renderPage(
  ui: ReactElement,
  options: { path?: string; route?: string; language?: Language } = {},
) {
  if (!i18n.isInitialized) await initI18n(messageLoaders, messageSections);
  // Every screen's strings, the shop side's section too (which the app loads on its own screens).
  await loadSection('shops');
  await setLanguage(options.language ?? 'en');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <Routes>
          <Route path={options.path ?? '/'} element={ui} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
