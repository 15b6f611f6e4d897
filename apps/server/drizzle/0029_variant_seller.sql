ALTER TABLE "product_variants" ADD COLUMN "seller_id" text;--> statement-breakpoint
UPDATE "product_variants" v SET "seller_id" = p."seller_id" FROM "products" p WHERE p."id" = v."product_id";--> statement-breakpoint
ALTER TABLE "product_variants" ALTER COLUMN "seller_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "variants_seller_barcode_idx" ON "product_variants" USING btree ("seller_id","barcode") WHERE "product_variants"."barcode" is not null;
