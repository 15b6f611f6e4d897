ALTER TABLE "complex_listings" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "complex_listings" CASCADE;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_known";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_known" CHECK ("payments"."purpose" in ('booking', 'extension', 'overstay', 'plan', 'order', 'grab', 'complex'));