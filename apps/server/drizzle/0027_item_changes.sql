CREATE TABLE "order_substitutions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"vrnt_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"substitute_vrnt_id" text NOT NULL,
	"substitute_product_id" text NOT NULL,
	"substitute_name" jsonb NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"always_inventory" boolean NOT NULL,
	"status" text NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"offered_by" text
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unavailable_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "owed_refund_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "proof_photo_id" text;--> statement-breakpoint
ALTER TABLE "order_substitutions" ADD CONSTRAINT "order_substitutions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_substitutions_order_idx" ON "order_substitutions" USING btree ("order_id");