import type { Widen } from '../../lib/i18n/widen.ts';
import type { dashboardEn } from './messages.en.ts';

/** Tamil strings of this feature: the same keys as messages.en.ts. */
export const dashboardTa: Widen<typeof dashboardEn> = {
  title: 'தலைப்பு',
};
