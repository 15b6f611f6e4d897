import type { Widen } from '../../lib/i18n/widen.ts';
import type { plansEn } from './messages.en.ts';

/** Tamil strings of this feature: the same keys as messages.en.ts. */
export const plansTa: Widen<typeof plansEn> = {
  title: 'தலைப்பு',
};
