CREATE TABLE "shop_invoice_counters" (
	"seller_id" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "shop_invoice_counters_seller_id_fiscal_year_pk" PRIMARY KEY("seller_id","fiscal_year")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_no" text;--> statement-breakpoint
ALTER TABLE "shop_invoice_counters" ADD CONSTRAINT "shop_invoice_counters_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_seller_invoice_idx" ON "orders" USING btree ("seller_id","invoice_no");