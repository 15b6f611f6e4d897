import type { Widen } from '../../lib/i18n/widen.ts';
import type { shopEn } from './messages.en.ts';

/** Tamil strings of this feature: the same keys as messages.en.ts. */
export const shopTa: Widen<typeof shopEn> = {
  title: 'தலைப்பு',
};
