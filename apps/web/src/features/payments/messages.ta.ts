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
  status: {
    created: 'செலுத்தப்படவில்லை',
    authorized: 'செயலாக்கத்தில்',
    captured: 'செலுத்தப்பட்டது',
    failed: 'தோல்வி',
    refunded: 'திருப்பித் தரப்பட்டது',
    partially_refunded: 'பகுதி திருப்பித் தரப்பட்டது',
  },
  filterLabel: 'இவற்றுக்கான கட்டணங்களைக் காட்டு',
  filters: { all: 'அனைத்தும்', lockers: 'லாக்கர்கள்', orders: 'ஆர்டர்கள்', plans: 'திட்டங்கள்' },
  empty: 'இன்னும் கட்டணங்கள் இல்லை. நீங்கள் செலுத்தும் லாக்கர் முன்பதிவுகள், ஆர்டர்கள், திட்டங்கள் ரசீதுகளுடன் இங்கே பட்டியலிடப்படும்.',
  emptyFiltered: 'இந்த வகைக் கட்டணங்கள் இன்னும் இல்லை.',
  more: 'பழைய கட்டணங்களைக் காட்டு',
  methods: { upi: 'UPI மூலம்', card: 'அட்டை', netbanking: 'இணைய வங்கி', wallet: 'வாலெட்' },
  receipt: {
    title: 'ரசீது',
    close: 'மூடு',
    gstin: 'GSTIN எண் {{gstin}}',
    billedTo: 'பெறுநர்',
    print: 'அச்சிடு அல்லது PDF ஆகச் சேமி',
    number: 'ரசீது எண்',
    date: 'தேதி',
    for: 'எதற்கு',
    status: 'நிலை',
    method: 'செலுத்திய முறை',
    reference: 'கட்டணக் குறிப்பு',
    taxable: 'வரிக்குட்பட்ட மதிப்பு',
    cgst: 'CGST வரி',
    sgst: 'SGST வரி',
    cgstAt: 'CGST வரி {{percent}}%',
    sgstAt: 'SGST வரி {{percent}}%',
    total: 'மொத்தம் (GST உட்பட)',
    refunded: 'திருப்பித் தரப்பட்டது',
  },
};
