import type { MessageLoaders } from '../../lib/i18n/index.ts';

/** Each language is its own chunk: only the one in use is downloaded. */
export const messageLoaders: MessageLoaders = {
  en: () => import('./en.ts').then((m) => m.en),
  ta: () => import('./ta.ts').then((m) => m.ta),
};
