/**
 * Links that reach a person: kept apart from the support schema (schemas/support.ts) so a screen that
 * only shows a shop's phone number does not load zod with it (docs/performance.md).
 */

/** A WhatsApp chat link for an international number: `https://wa.me/<digits>`. */
export const whatsappLink = (number: string): string => `https://wa.me/${number.replace(/\D/g, '')}`;
/** A tel: link that phones dial as written. */
export const telLink = (number: string): string => `tel:${number.replace(/[^\d+]/g, '')}`;
