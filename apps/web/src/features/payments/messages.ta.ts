import type { Widen } from '../../lib/i18n/widen.ts';
import type { paymentsEn } from './messages.en.ts';

/** Tamil strings of this feature: the same keys as messages.en.ts. */
export const paymentsTa: Widen<typeof paymentsEn> = {
  title: 'தலைப்பு',
};
