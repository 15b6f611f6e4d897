ALTER TABLE "sellers" ADD COLUMN "week_hours" jsonb;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "closed_dates" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "fssai" text;