import type { Widen } from '../../lib/i18n/widen.ts';
import type { sellersEn } from './messages.en.ts';

/** Tamil strings of this feature: the same keys as messages.en.ts. */
export const sellersTa: Widen<typeof sellersEn> = {
  title: 'தலைப்பு',
};
