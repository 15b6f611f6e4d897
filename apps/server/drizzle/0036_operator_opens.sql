ALTER TABLE "locker_commands" ADD COLUMN "opened_by" text;--> statement-breakpoint
ALTER TABLE "locker_commands" ADD COLUMN "note" text;