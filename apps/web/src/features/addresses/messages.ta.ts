import type { Widen } from '../../lib/i18n/widen.ts';
import type { addressesEn } from './messages.en.ts';

/** Tamil strings of this feature: the same keys as messages.en.ts. */
export const addressesTa: Widen<typeof addressesEn> = {
  title: 'தலைப்பு',
};
