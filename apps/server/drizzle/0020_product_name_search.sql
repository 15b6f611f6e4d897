-- A trigram index for case-insensitive substring search of product names (docs/performance.md#search).
-- pg_trgm ships with PostgreSQL's contrib modules (Debian's postgresql package includes them) and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_name_search_idx" ON "products" USING gin ((coalesce("name"->>'en', '') || chr(31) || coalesce("name"->>'ta', '')) gin_trgm_ops);