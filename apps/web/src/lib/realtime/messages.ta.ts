import type { Widen } from '../i18n/widen.ts';
import type { liveEn } from './messages.en.ts';

/** Tamil strings of the real-time layer: the same keys as messages.en.ts. */
export const liveTa: Widen<typeof liveEn> = {
  short: 'நேரலை இல்லை',
  down: 'நேரலைப் புதுப்பிப்புகள் நிறுத்தப்பட்டுள்ளன. மீண்டும் இணைக்க முயல்கிறது; திரைகளைத் திறக்கும்போது அவை புதுப்பிக்கப்படும்.',
  downOffline: 'நீங்கள் இணைப்பில் இல்லை; நெட்வொர்க் திரும்பும் வரை நேரலைப் புதுப்பிப்புகள் நிறுத்தப்பட்டுள்ளன.',
};
