ALTER TABLE "locker_sites" ADD COLUMN "keypad_reopened_at" timestamp with time zone;--> statement-breakpoint
-- A booking made while its site is offline keeps its 10-digit derived PIN (docs/locker-protocol.md#offline).
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_pin_format";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pin_format" CHECK ("pin" IS NULL OR "pin" ~ '^([0-9]{6}|[0-9]{10})$');
