import type { Widen } from '../../lib/i18n/widen.ts';
import type { ordersEn } from './messages.en.ts';

/** Tamil strings of this feature: the same keys as messages.en.ts. */
export const ordersTa: Widen<typeof ordersEn> = {
  title: 'தலைப்பு',
};
