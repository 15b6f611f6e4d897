import type { CartOutcome } from './cart-model.ts';

/** Toast texts, exactly as docs/product.md#cart-messages gives them. */
export const CART_MESSAGES = {
  stockLimit: {
    en: 'Stock limit reached. Unable to add more.',
    ta: 'இருப்பு வரம்பை எட்டியது. மேலும் சேர்க்க முடியாது.',
  },
  lineLimit: {
    en: 'You can only add up to 20 units of this product',
    ta: 'இந்தப் பொருளில் அதிகபட்சம் 20 அலகுகள் மட்டுமே சேர்க்க முடியும்',
  },
  cartLimit: { en: 'You can store only 30 products', ta: 'கூடையில் 30 பொருட்கள் மட்டுமே வைக்க முடியும்' },
  needsReplace: {
    en: 'Your cart has items from another shop. Replace them with this item?',
    ta: 'உங்கள் கூடையில் வேறொரு கடையின் பொருட்கள் உள்ளன. அவற்றை நீக்கி இதைச் சேர்க்கவா?',
  },
  added: { en: 'Added to cart', ta: 'கூடையில் சேர்க்கப்பட்டது' },
  removed: { en: 'Removed from cart', ta: 'கூடையிலிருந்து நீக்கப்பட்டது' },
  set: { en: 'Quantity changed', ta: 'அளவு மாற்றப்பட்டது' },
  emptied: { en: 'Your cart is empty', ta: 'உங்கள் கூடை காலியாக உள்ளது' },
  notInCart: { en: 'This item is not in your cart', ta: 'இந்தப் பொருள் உங்கள் கூடையில் இல்லை' },
} as const satisfies Record<CartOutcome, { en: string; ta: string }>;
