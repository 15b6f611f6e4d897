/** The catalog's public surface: what other features may use (docs/marketplace.md). */
export { type CatalogService, createCatalogService } from './service.ts';
export { type CatalogStock, type StockLine, stock } from './stock.ts';
