-- No two bookings that hold a locker may overlap on it (PRODUCT.md "Lockers"): enforced by the
-- database, whatever the code does. btree_gist lets a gist index compare locker ids with =.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("locker_id" WITH =, "during" WITH &&)
  WHERE ("state" IN ('awaiting_payment', 'scheduled', 'reserved', 'active', 'expired'));
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_state_known" CHECK ("state" IN
  ('awaiting_payment', 'scheduled', 'reserved', 'active', 'ended', 'waitlisted', 'timed_out', 'expired', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_locker_when_holding" CHECK
  ("locker_id" IS NOT NULL OR "state" NOT IN ('awaiting_payment', 'scheduled', 'reserved', 'active', 'expired'));
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pin_format" CHECK ("pin" IS NULL OR "pin" ~ '^[0-9]{6}$');
--> statement-breakpoint
ALTER TABLE "booking_charges" ADD CONSTRAINT "booking_charges_amounts" CHECK
  ("amount_paise" >= 0 AND "tax_paise" >= 0 AND "tax_paise" <= "amount_paise" AND "plan_hours" >= 0 AND "hours" >= 0);
--> statement-breakpoint
CREATE INDEX "bookings_during_idx" ON "bookings" USING gist ("locker_id", "during");
