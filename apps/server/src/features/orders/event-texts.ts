import { EVENTS } from '@petti/shared';
import type { OrderState } from '@petti/shared/schemas/orders';
import type { Localized } from '../../db/columns.ts';

/** The event an order sends when it reaches a state. */
export const STATE_EVENT: Record<OrderState, string> = {
  awaiting_payment: EVENTS.orderCreated,
  placed: EVENTS.orderPlaced,
  accepted: EVENTS.orderAccepted,
  packed: EVENTS.orderPacked,
  out_for_delivery: EVENTS.orderOutForDelivery,
  delivered: EVENTS.orderDelivered,
  in_locker: EVENTS.orderInLocker,
  collected: EVENTS.orderCollected,
  ready_for_pickup: EVENTS.orderReadyForPickup,
  arrived: EVENTS.orderArrived,
  handed_over: EVENTS.orderHandedOver,
  cancelled: EVENTS.orderCancelled,
  timed_out: EVENTS.orderTimedOut,
};

export interface OrderText {
  title: Localized;
  body: Localized;
}

/**
 * What the buyer reads for each order event (the event's `message`/`msg` and the stored
 * notification). `shop` is the seller's brand name in each language.
 */
export function orderEventText(event: string, shop: Localized, extra: { site?: Localized } = {}): OrderText {
  const s = shop;
  const site = extra.site ?? { en: 'the locker site', ta: 'லாக்கர் இடம்' };
  switch (event) {
    case EVENTS.orderCreated:
      return {
        title: { en: 'Order waiting for payment', ta: 'ஆர்டர் கட்டணத்திற்காகக் காத்திருக்கிறது' },
        body: {
          en: `Pay within 10 minutes to send your order to ${s.en}.`,
          ta: `உங்கள் ஆர்டரை ${s.ta} கடைக்கு அனுப்ப 10 நிமிடங்களுக்குள் பணம் செலுத்தவும்.`,
        },
      };
    case EVENTS.orderPlaced:
      return {
        title: { en: 'Order placed', ta: 'ஆர்டர் செய்யப்பட்டது' },
        body: {
          en: `Payment received. ${s.en} has your order.`,
          ta: `கட்டணம் பெறப்பட்டது. உங்கள் ஆர்டர் ${s.ta} கடைக்குச் சென்றுவிட்டது.`,
        },
      };
    case EVENTS.orderAccepted:
      return {
        title: { en: 'Order accepted', ta: 'ஆர்டர் ஏற்கப்பட்டது' },
        body: { en: `${s.en} accepted your order.`, ta: `${s.ta} உங்கள் ஆர்டரை ஏற்றுக்கொண்டது.` },
      };
    case EVENTS.orderPacked:
      return {
        title: { en: 'Order packed', ta: 'ஆர்டர் பேக் செய்யப்பட்டது' },
        body: { en: `${s.en} packed your order.`, ta: `${s.ta} உங்கள் ஆர்டரை பேக் செய்தது.` },
      };
    case EVENTS.orderOutForDelivery:
      return {
        title: { en: 'Out for delivery', ta: 'டெலிவரிக்குப் புறப்பட்டது' },
        body: {
          en: 'Your order is on its way to your address.',
          ta: 'உங்கள் ஆர்டர் உங்கள் முகவரிக்கு வந்துகொண்டிருக்கிறது.',
        },
      };
    case EVENTS.orderDelivered:
      return {
        title: { en: 'Order delivered', ta: 'ஆர்டர் டெலிவரி செய்யப்பட்டது' },
        body: { en: 'Your order was delivered. Enjoy!', ta: 'உங்கள் ஆர்டர் டெலிவரி செய்யப்பட்டது.' },
      };
    case EVENTS.orderInLocker:
      return {
        title: { en: 'Ready in the parcel locker', ta: 'பார்சல் லாக்கரில் தயார்' },
        body: {
          en: `Your order is in a locker at ${site.en}. Open My orders for the pickup PIN; it is held for 48 hours.`,
          ta: `உங்கள் ஆர்டர் ${site.ta} இடத்தில் உள்ள லாக்கரில் உள்ளது. பிக்கப் PIN-க்கு என் ஆர்டர்களைத் திறக்கவும்; 48 மணி நேரம் வைத்திருக்கப்படும்.`,
        },
      };
    case EVENTS.orderCollected:
      return {
        title: { en: 'Order collected', ta: 'ஆர்டர் எடுக்கப்பட்டது' },
        body: {
          en: 'You collected your order from the locker.',
          ta: 'லாக்கரிலிருந்து உங்கள் ஆர்டரை எடுத்துக்கொண்டீர்கள்.',
        },
      };
    case EVENTS.orderReadyForPickup:
      return {
        title: { en: 'Ready for pickup', ta: 'எடுத்துச் செல்லத் தயார்' },
        body: {
          en: `Your order is ready at ${s.en}. Tap "I'm here" when you arrive.`,
          ta: `உங்கள் ஆர்டர் ${s.ta} கடையில் தயார். வந்ததும் "நான் வந்துவிட்டேன்" என்பதைத் தட்டவும்.`,
        },
      };
    case EVENTS.orderOnMyWay:
      return {
        title: { en: 'On your way', ta: 'நீங்கள் வந்துகொண்டிருக்கிறீர்கள்' },
        body: {
          en: `${s.en} knows you are on your way.`,
          ta: `நீங்கள் வருவது ${s.ta} கடைக்குத் தெரிவிக்கப்பட்டது.`,
        },
      };
    case EVENTS.orderArrived:
      return {
        title: { en: 'You are here', ta: 'நீங்கள் வந்துவிட்டீர்கள்' },
        body: {
          en: `${s.en} is bringing your order to your vehicle.`,
          ta: `${s.ta} உங்கள் ஆர்டரை உங்கள் வாகனத்திற்குக் கொண்டு வருகிறது.`,
        },
      };
    case EVENTS.orderHandedOver:
      return {
        title: { en: 'Order handed over', ta: 'ஆர்டர் ஒப்படைக்கப்பட்டது' },
        body: { en: 'Your order was handed over. Thank you!', ta: 'உங்கள் ஆர்டர் ஒப்படைக்கப்பட்டது. நன்றி!' },
      };
    case EVENTS.orderCancelled:
      return {
        title: { en: 'Order cancelled', ta: 'ஆர்டர் ரத்து செய்யப்பட்டது' },
        body: {
          en: 'Your order was cancelled. Anything you paid is refunded in full.',
          ta: 'உங்கள் ஆர்டர் ரத்து செய்யப்பட்டது. நீங்கள் செலுத்திய முழுத் தொகையும் திருப்பி அளிக்கப்படும்.',
        },
      };
    case EVENTS.orderPickupExpired:
      return {
        title: { en: 'Pickup time ended', ta: 'எடுக்கும் நேரம் முடிந்தது' },
        body: {
          en: `Your order was not collected from the locker within 48 hours. ${s.en} will take it back and contact you.`,
          ta: `உங்கள் ஆர்டர் 48 மணி நேரத்திற்குள் லாக்கரிலிருந்து எடுக்கப்படவில்லை. ${s.ta} அதைத் திரும்பப் பெற்று உங்களைத் தொடர்புகொள்ளும்.`,
        },
      };
    case EVENTS.orderTimedOut:
      return {
        title: { en: 'Order not paid', ta: 'ஆர்டருக்குப் பணம் செலுத்தப்படவில்லை' },
        body: {
          en: 'The payment did not arrive within 10 minutes, so the order was cancelled and its items were released.',
          ta: '10 நிமிடங்களுக்குள் பணம் வரவில்லை; எனவே ஆர்டர் ரத்து செய்யப்பட்டு பொருட்கள் விடுவிக்கப்பட்டன.',
        },
      };
    default:
      return {
        title: { en: 'Order update', ta: 'ஆர்டர் புதுப்பிப்பு' },
        body: { en: 'Your order changed.', ta: 'உங்கள் ஆர்டர் மாறியது.' },
      };
  }
}

/** What a shop's members are told of a new paid order (docs/shops.md#the-order-board). */
export function shopNewOrderText(shop: Localized): OrderText {
  return {
    title: { en: 'New order', ta: 'புதிய ஆர்டர்' },
    body: {
      en: `A new order for ${shop.en} is waiting to be accepted.`,
      ta: `${shop.ta} கடைக்கு ஒரு புதிய ஆர்டர் ஏற்கக் காத்திருக்கிறது.`,
    },
  };
}
