export type {
  Category,
  Product,
  ProductPage,
  Seller,
  SellerPage,
  Variant,
} from '@petti/shared/schemas/catalog';

/** A name the API gives in both languages, or a plain string. */
export type Localized = string | { en: string; ta?: string | null };
