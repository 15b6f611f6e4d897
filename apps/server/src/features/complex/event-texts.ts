import type { Localized } from '../../db/columns.ts';

/** The words of membership events and notifications, whole sentences in English and Tamil. */
export function decidedText(complex: Localized, approved: boolean, note: string | null) {
  if (approved) {
    return {
      title: { en: 'Welcome to your complex', ta: 'உங்கள் குடியிருப்புக்கு வரவேற்கிறோம்' },
      body: {
        en: `${complex.en} approved your request. You can now buy from and sell to your neighbours.`,
        ta: `${complex.ta} உங்கள் கோரிக்கையை ஏற்றுக்கொண்டது. இனி அண்டை வீட்டாரிடம் வாங்கவும் விற்கவும் முடியும்.`,
      },
    };
  }
  const why = note ? ` (${note})` : '';
  return {
    title: { en: 'Request to join not approved', ta: 'சேரும் கோரிக்கை ஏற்கப்படவில்லை' },
    body: {
      en: `${complex.en} did not approve your request to join${why}. Check your block and flat and ask again.`,
      ta: `${complex.ta} சேரும் உங்கள் கோரிக்கையை ஏற்கவில்லை${why}. உங்கள் பிளாக், வீட்டு எண்ணைச் சரிபார்த்து மீண்டும் கேளுங்கள்.`,
    },
  };
}

export function joinRequestedText(name: string, flat: string) {
  return {
    title: { en: 'A neighbour asks to join', ta: 'ஒரு அண்டை வீட்டார் சேரக் கேட்கிறார்' },
    body: {
      en: `${name} (${flat}) asked to join your complex. Approve or refuse in My complex.`,
      ta: `${name} (${flat}) உங்கள் குடியிருப்பில் சேரக் கேட்டுள்ளார். "என் குடியிருப்பு" பக்கத்தில் ஏற்கவும் அல்லது மறுக்கவும்.`,
    },
  };
}
