-- Word of changes for the rows kept in memory (platform/read-cache/kept-rows.ts,
-- docs/performance.md#orders): the shops' rows and the delivery fee rules, which every order reads.
-- petti_notify_changed is migration 0021's; the sellers' catalogue trigger stays as it was.
CREATE TRIGGER "sellers_rows_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sellers" FOR EACH STATEMENT EXECUTE FUNCTION petti_notify_changed('sellers_changed');--> statement-breakpoint
CREATE TRIGGER "delivery_fees_rows_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_fees" FOR EACH STATEMENT EXECUTE FUNCTION petti_notify_changed('delivery_fees_changed');
