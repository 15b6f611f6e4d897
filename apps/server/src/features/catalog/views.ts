import { artPathOf } from '@petti/shared/rules/art';
import { gstIncluded } from '@petti/shared/rules/money';
import type { Category, Product, Variant } from '@petti/shared/schemas/catalog';
import type { Photo, PhotoSize } from '@petti/shared/schemas/photo';
import type { categories, products, productVariants } from './schema.ts';

export const productPhotoKey = (id: string, size: PhotoSize) => `products/${id}/${size}.webp`;
export const productPhotoUrl = (id: string, size: PhotoSize) => `/api/products/photos/${id}/${size}`;

/** A product's picture as the app shows it: the shop's photo when it sent one, else its illustration. */
export const productImageOf = (row: { photoId: string | null; image: string | null }): string | null =>
  row.photoId ? productPhotoUrl(row.photoId, 'medium') : row.image;
export const toProductPhoto = (id: string): Photo => ({
  id,
  urls: {
    thumb: productPhotoUrl(id, 'thumb'),
    medium: productPhotoUrl(id, 'medium'),
    large: productPhotoUrl(id, 'large'),
  },
});

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;

/** A category's picture is its icon's bundled illustration (docs/pictures.md). */
export const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  name: row.name,
  icon: row.icon,
  image_url: row.icon ? artPathOf(row.icon) : null,
});

/**
 * Rupees from paise for the `productPrice` / `marketPrice` fields, kept as the app's cart stores them
 * (docs/product.md#money).
 */
export const rupees = (paise: number): number => paise / 100;

export function toVariant(row: VariantRow, hazardous: boolean): Variant {
  return {
    vrntId: row.id,
    unit: row.unit,
    unitValue: row.unitValue,
    pricePaise: row.pricePaise,
    mrpPaise: row.mrpPaise,
    productPrice: rupees(row.pricePaise),
    marketPrice: rupees(row.mrpPaise),
    inventory: row.inventory,
    alwaysInventory: row.alwaysInventory,
    tax: row.taxPercent,
    taxPaise: gstIncluded(row.pricePaise, row.taxPercent),
    hazardous,
    barcode: row.barcode,
  };
}

export function toProduct(row: ProductRow, brandName: string, variants: VariantRow[]): Product {
  return {
    prdtId: row.id,
    id: row.id,
    sellerId: row.sellerId,
    slrId: row.sellerId,
    brandName,
    categoryId: row.categoryId,
    tciId: row.categoryId,
    name: row.name,
    description: row.description ?? null,
    image_url: productImageOf(row),
    photo: row.photoId ? toProductPhoto(row.photoId) : null,
    hazardous: row.hazardous,
    variants: variants
      .sort((a, b) => a.pricePaise - b.pricePaise || a.id.localeCompare(b.id))
      .map((v) => toVariant(v, row.hazardous)),
  };
}
