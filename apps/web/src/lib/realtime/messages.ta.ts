import type { Widen } from '../../lib/i18n/widen.ts';
import type { liveEn } from './messages.en.ts';

/** Tamil strings of this feature: the same keys as messages.en.ts. */
export const liveTa: Widen<typeof liveEn> = {
  title: 'தலைப்பு',
};
