import { formatRupees } from '@petti/shared/rules/money';
import type { ComplexOrderState } from '@petti/shared/schemas/complex';

type Text = { en: string; ta: string };
type Side = { title: Text; body: Text };

/**
 * What each side of an order between residents is told when it changes (docs/complex.md#events),
 * whole sentences in English and Tamil. Null: that side is not told of this change.
 */
export function orderTexts(
  state: ComplexOrderState,
  o: { title: string; totalPaise: number; handover: string; note?: string | null },
): { buyer: Side | null; seller: Side | null } {
  const t = o.title;
  const amount = formatRupees(o.totalPaise);
  const side = (en: string, ta: string, body: Text): Side => ({ title: { en, ta }, body });
  switch (state) {
    case 'paid':
      return {
        buyer: side('Paid: meet your neighbour', 'பணம் செலுத்தப்பட்டது', {
          en: `You paid ${amount} for “${t}”. The seller will hand it over in person.`,
          ta: `“${t}”க்கு ${amount} செலுத்தினீர்கள். விற்பனையாளர் நேரில் ஒப்படைப்பார்.`,
        }),
        seller: side('You sold an item', 'உங்கள் பொருள் விற்கப்பட்டது', {
          en: `A neighbour paid ${amount} for “${t}”. Hand it over in person, then mark it handed over.`,
          ta: `ஒரு அண்டை வீட்டார் “${t}”க்கு ${amount} செலுத்தினார். நேரில் ஒப்படைத்து, "ஒப்படைத்தேன்" எனக் குறியிடுங்கள்.`,
        }),
      };
    case 'awaiting_drop':
      return {
        buyer: side('Paid: waiting for the drop', 'பணம் செலுத்தப்பட்டது', {
          en: `You paid ${amount} for “${t}”. You will get a pickup PIN when the seller puts it in the complex locker.`,
          ta: `“${t}”க்கு ${amount} செலுத்தினீர்கள். விற்பனையாளர் அதைக் குடியிருப்பு லாக்கரில் வைத்ததும் எடுக்கும் PIN கிடைக்கும்.`,
        }),
        seller: side('You sold an item: drop it in the locker', 'உங்கள் பொருள் விற்கப்பட்டது: லாக்கரில் வையுங்கள்', {
          en: `A neighbour paid ${amount} for “${t}”. A locker is held for you for 48 hours: open it with your drop PIN.`,
          ta: `ஒரு அண்டை வீட்டார் “${t}”க்கு ${amount} செலுத்தினார். உங்களுக்காக ஒரு லாக்கர் 48 மணி நேரம் ஒதுக்கப்பட்டுள்ளது: உங்கள் PIN கொண்டு திறந்து வையுங்கள்.`,
        }),
      };
    case 'in_locker':
      return {
        buyer: side('Ready in the locker', 'லாக்கரில் தயார்', {
          en: `“${t}” is in the complex locker. Open it with your pickup PIN within 48 hours.`,
          ta: `“${t}” குடியிருப்பு லாக்கரில் உள்ளது. 48 மணி நேரத்துக்குள் உங்கள் PIN கொண்டு திறந்து எடுத்துக்கொள்ளுங்கள்.`,
        }),
        seller: side('Dropped', 'லாக்கரில் வைக்கப்பட்டது', {
          en: `You dropped “${t}”. The buyer has been given a pickup PIN.`,
          ta: `“${t}” லாக்கரில் வைக்கப்பட்டது. வாங்குபவருக்கு எடுக்கும் PIN அனுப்பப்பட்டது.`,
        }),
      };
    case 'handed_over':
      return {
        buyer: side('Handed over', 'ஒப்படைக்கப்பட்டது', {
          en: `The seller says “${t}” was handed to you. Confirm, or report a problem within 48 hours.`,
          ta: `“${t}” உங்களிடம் ஒப்படைக்கப்பட்டதாக விற்பனையாளர் கூறுகிறார். உறுதிசெய்யுங்கள், அல்லது 48 மணி நேரத்துக்குள் சிக்கலைத் தெரிவியுங்கள்.`,
        }),
        seller: null,
      };
    case 'completed':
      return {
        buyer: side('Order complete', 'ஆர்டர் முடிந்தது', {
          en: `“${t}” is yours. Thank you for buying from a neighbour!`,
          ta: `“${t}” இப்போது உங்களுடையது. அண்டை வீட்டாரிடம் வாங்கியதற்கு நன்றி!`,
        }),
        seller: side('Sale complete', 'விற்பனை முடிந்தது', {
          en: `The sale of “${t}” is complete. ${amount} will be paid out to you.`,
          ta: `“${t}” விற்பனை முடிந்தது. ${amount} உங்களுக்குச் செலுத்தப்படும்.`,
        }),
      };
    case 'disputed':
      return {
        buyer: side('Problem reported', 'சிக்கல் தெரிவிக்கப்பட்டது', {
          en: `We have your report about “${t}”. Petti will contact you both.`,
          ta: `“${t}” பற்றிய உங்கள் புகார் கிடைத்தது. Petti உங்கள் இருவரையும் தொடர்புகொள்ளும்.`,
        }),
        seller: side('The buyer reported a problem', 'வாங்குபவர் சிக்கலைத் தெரிவித்தார்', {
          en: `The buyer reported a problem with “${t}”${o.note ? `: ${o.note}` : ''}. Petti will contact you both.`,
          ta: `“${t}” குறித்து வாங்குபவர் சிக்கலைத் தெரிவித்தார்${o.note ? `: ${o.note}` : ''}. Petti உங்கள் இருவரையும் தொடர்புகொள்ளும்.`,
        }),
      };
    case 'uncollected':
      return {
        buyer: side('Not collected in time', 'நேரத்தில் எடுக்கப்படவில்லை', {
          en: `“${t}” was not collected from the locker within 48 hours. Contact the seller to arrange it.`,
          ta: `“${t}” 48 மணி நேரத்துக்குள் லாக்கரிலிருந்து எடுக்கப்படவில்லை. விற்பனையாளரைத் தொடர்புகொள்ளுங்கள்.`,
        }),
        seller: side('Not collected in time', 'நேரத்தில் எடுக்கப்படவில்லை', {
          en: `The buyer did not collect “${t}” within 48 hours. The complex's staff will open the locker for you.`,
          ta: `வாங்குபவர் “${t}”-ஐ 48 மணி நேரத்துக்குள் எடுக்கவில்லை. குடியிருப்புப் பணியாளர்கள் உங்களுக்காக லாக்கரைத் திறப்பார்கள்.`,
        }),
      };
    case 'cancelled': {
      const notDropped = o.note === 'not_dropped';
      return {
        buyer: side('Order cancelled: refunded', 'ஆர்டர் ரத்து: பணம் திருப்பி அளிக்கப்படுகிறது', {
          en: notDropped
            ? `The seller did not drop “${t}” in the locker within 48 hours. Your ${amount} is being refunded in full.`
            : `The seller cancelled “${t}”. Your ${amount} is being refunded in full.`,
          ta: notDropped
            ? `விற்பனையாளர் “${t}”-ஐ 48 மணி நேரத்துக்குள் லாக்கரில் வைக்கவில்லை. உங்கள் ${amount} முழுமையாகத் திருப்பி அளிக்கப்படுகிறது.`
            : `விற்பனையாளர் “${t}”-ஐ ரத்து செய்தார். உங்கள் ${amount} முழுமையாகத் திருப்பி அளிக்கப்படுகிறது.`,
        }),
        seller: side('Order cancelled', 'ஆர்டர் ரத்து செய்யப்பட்டது', {
          en: notDropped
            ? `“${t}” was not dropped in the locker within 48 hours, so the order was cancelled and the buyer refunded.`
            : `You cancelled the order for “${t}”. The buyer is refunded in full.`,
          ta: notDropped
            ? `“${t}” 48 மணி நேரத்துக்குள் லாக்கரில் வைக்கப்படாததால் ஆர்டர் ரத்து செய்யப்பட்டு, வாங்குபவருக்குப் பணம் திருப்பி அளிக்கப்பட்டது.`
            : `“${t}” ஆர்டரை ரத்து செய்தீர்கள். வாங்குபவருக்கு முழுத் தொகையும் திருப்பி அளிக்கப்படும்.`,
        }),
      };
    }
    case 'expired':
      return {
        buyer: side('Payment not completed', 'கட்டணம் முடிக்கப்படவில்லை', {
          en: `The payment for “${t}” did not go through, so the order was closed. You have not been charged.`,
          ta: `“${t}”க்கான கட்டணம் நிறைவேறவில்லை, எனவே ஆர்டர் மூடப்பட்டது. உங்களிடம் கட்டணம் வசூலிக்கப்படவில்லை.`,
        }),
        seller: null,
      };
    default:
      return { buyer: null, seller: null };
  }
}
