ALTER TABLE "locker_sites" ADD COLUMN "closed_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locker_sites" ADD COLUMN "closed_until" timestamp with time zone;