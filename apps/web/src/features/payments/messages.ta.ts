import type { Widen } from '../../lib/i18n/widen.ts';
import type { paymentsEn } from './messages.en.ts';

/** Tamil strings of payments: the same keys as messages.en.ts. */
export const paymentsTa: Widen<typeof paymentsEn> = {
  outcome: {
    confirming: 'உங்கள் கட்டணத்தை உறுதிப்படுத்துகிறது…',
    paid: 'கட்டணம் பெறப்பட்டது. நன்றி!',
    failed: 'கட்டணம் நிறைவேறவில்லை. எதுவும் வசூலிக்கப்படவில்லை, எதுவும் வழங்கப்படவில்லை. மீண்டும் முயலலாம்.',
    cancelled: 'நீங்கள் கட்டணப் பக்கத்தை விட்டு வெளியேறினீர்கள்; எதுவும் செலுத்தப்படவில்லை. மீண்டும் முயலலாம்.',
    error:
      'கட்டணத்தை இன்னும் உறுதிப்படுத்த முடியவில்லை. பணம் எடுக்கப்பட்டிருந்தால், விரைவில் உறுதிசெய்யப்படும் அல்லது திருப்பித் தரப்படும்.',
  },
};
