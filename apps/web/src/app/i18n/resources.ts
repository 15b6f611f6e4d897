import type { MessageLoaders, SectionLoaders } from '../../lib/i18n/index.ts';
import type { LateSections } from './en.ts';

/** Each language is its own chunk: only the one in use is downloaded. */
export const messageLoaders: MessageLoaders = {
  en: () => import('./en.ts').then((m) => m.en),
  ta: () => import('./ta.ts').then((m) => m.ta),
};

/**
 * Sections only some screens need, each language its own chunk too, loaded when a screen asks
 * (`useSection`): the shop's side, whose strings first screens do not carry.
 */
export const messageSections: Record<keyof LateSections, SectionLoaders> = {
  shops: {
    en: () => import('../../features/shops/messages.en.ts').then((m) => m.shopsEn),
    ta: () => import('../../features/shops/messages.ta.ts').then((m) => m.shopsTa),
  },
};
