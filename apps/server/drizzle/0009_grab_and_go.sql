CREATE TABLE "grab_purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"state" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"payment_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"pass_code" text,
	"pass_expires_at" timestamp with time zone,
	"pass_used_at" timestamp with time zone,
	CONSTRAINT "grab_purchases_pass_code_unique" UNIQUE("pass_code")
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_known";--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "grab_purchases" ADD CONSTRAINT "grab_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grab_purchases" ADD CONSTRAINT "grab_purchases_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grab_purchases_user_idx" ON "grab_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "variants_barcode_idx" ON "product_variants" USING btree ("barcode");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_known" CHECK ("payments"."purpose" in ('booking', 'extension', 'overstay', 'plan', 'order', 'grab'));