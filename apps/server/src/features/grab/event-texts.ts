import { formatRupees } from '@petti/shared/rules/money';
import type { ShopName } from './views.ts';

/** The words of grab-and-go's events and notifications, in English and Tamil, as whole sentences. */
export function paidText(shop: ShopName, totalPaise: number) {
  const amount = formatRupees(totalPaise);
  return {
    title: { en: 'Paid: show your exit pass', ta: 'பணம் செலுத்தப்பட்டது: வெளியேறும் அனுமதிச் சீட்டைக் காட்டுங்கள்' },
    body: {
      en: `You paid ${amount} at ${shop.en}. Show the exit pass at the door within 30 minutes.`,
      ta: `${shop.ta} கடையில் ${amount} செலுத்தினீர்கள். 30 நிமிடங்களுக்குள் வாசலில் வெளியேறும் அனுமதிச் சீட்டைக் காட்டுங்கள்.`,
    },
  };
}

export function passUsedText(shop: ShopName) {
  return {
    title: { en: 'Exit pass checked', ta: 'வெளியேறும் அனுமதிச் சீட்டு சரிபார்க்கப்பட்டது' },
    body: {
      en: `${shop.en} checked your exit pass. Thank you for shopping!`,
      ta: `${shop.ta} உங்கள் வெளியேறும் அனுமதிச் சீட்டைச் சரிபார்த்தது. வாங்கியதற்கு நன்றி!`,
    },
  };
}
