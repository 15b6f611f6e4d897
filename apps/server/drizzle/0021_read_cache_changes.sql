-- Word of changes for the read caches (docs/performance.md#reads): after any statement that changes
-- what a cached answer is made of, notify the channel that cache listens on. PostgreSQL delivers a
-- notification only when its transaction commits, to every listening process.
CREATE OR REPLACE FUNCTION petti_notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The catalogue's answers: products, their variants (stock), categories and the shops' names.
CREATE TRIGGER "products_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION petti_notify_changed('catalog_changed');--> statement-breakpoint
CREATE TRIGGER "product_variants_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION petti_notify_changed('catalog_changed');--> statement-breakpoint
CREATE TRIGGER "categories_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION petti_notify_changed('catalog_changed');--> statement-breakpoint
CREATE TRIGGER "sellers_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sellers" FOR EACH STATEMENT EXECUTE FUNCTION petti_notify_changed('catalog_changed');--> statement-breakpoint
-- The locker sites' answers: sites, lockers, sizes, prices, and the bookings that hold lockers.
CREATE TRIGGER "locker_sites_sites_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locker_sites" FOR EACH STATEMENT EXECUTE FUNCTION petti_notify_changed('locker_sites_changed');--> statement-breakpoint
CREATE TRIGGER "lockers_sites_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lockers" FOR EACH STATEMENT EXECUTE FUNCTION petti_notify_changed('locker_sites_changed');--> statement-breakpoint
CREATE TRIGGER "locker_sizes_sites_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locker_sizes" FOR EACH STATEMENT EXECUTE FUNCTION petti_notify_changed('locker_sites_changed');--> statement-breakpoint
CREATE TRIGGER "locker_prices_sites_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locker_prices" FOR EACH STATEMENT EXECUTE FUNCTION petti_notify_changed('locker_sites_changed');--> statement-breakpoint
CREATE TRIGGER "bookings_sites_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION petti_notify_changed('locker_sites_changed');
