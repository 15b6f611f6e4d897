import type { Widen } from '../../lib/i18n/widen.ts';
import type { lockersEn } from './messages.en.ts';

/** Tamil strings of this feature: the same keys as messages.en.ts. */
export const lockersTa: Widen<typeof lockersEn> = {
  title: 'தலைப்பு',
};
