/** The catalog's public surface: what other features may use (docs/marketplace.md). */

export { type ProductImages, productImages } from './product-images.ts';
export {
  type CatalogService,
  categoryById,
  categoryCounts,
  createCatalogService,
  likePattern,
  sellsSomething,
} from './service.ts';
export { createShopCatalog, type ShopCatalog } from './shop-catalog.ts';
export { type CatalogStock, type StockLine, stock } from './stock.ts';
export { type VariantWithProduct, variantsWithProducts } from './variants.ts';
export { productImageOf, rupees, toCategory } from './views.ts';
