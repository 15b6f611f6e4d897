import type { Widen } from '../../lib/i18n/widen.ts';
import type { cartEn } from './messages.en.ts';

/** Tamil strings of this feature: the same keys as messages.en.ts. */
export const cartTa: Widen<typeof cartEn> = {
  title: 'தலைப்பு',
};
