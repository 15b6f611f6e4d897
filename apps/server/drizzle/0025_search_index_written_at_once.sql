-- Product search's trigram index written at once rather than through GIN's pending list
-- (docs/performance.md#search): searches are many and the catalogue changes rarely, and until a
-- vacuum empties that list every search reads it. Altered in place, so searches keep the index
-- meanwhile; what the list already holds goes into the index now.
ALTER INDEX "products_name_search_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('products_name_search_idx'::regclass);
