ALTER TABLE "payment_refunds" ALTER COLUMN "provider_refund_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "status" text DEFAULT 'processed' NOT NULL;--> statement-breakpoint
ALTER TABLE "testpay_refunds" ADD COLUMN "receipt" text;--> statement-breakpoint
ALTER TABLE "testpay_refunds" ADD CONSTRAINT "testpay_refunds_receipt_unique" UNIQUE("receipt");--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_status_known" CHECK ("payment_refunds"."status" in ('pending', 'processed'));