CREATE TABLE "complex_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"complex_id" text NOT NULL,
	"block" text NOT NULL,
	"flat" text NOT NULL,
	"status" text NOT NULL,
	"role" text DEFAULT 'resident' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "complex_listings" (
	"id" text PRIMARY KEY NOT NULL,
	"complex_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" text NOT NULL,
	"price_paise" integer NOT NULL,
	"quantity" integer NOT NULL,
	"condition" text NOT NULL,
	"handover" text[] NOT NULL,
	"hazardous" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "complex_listings_quantity_ok" CHECK ("complex_listings"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "complex_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"complex_id" text NOT NULL,
	"listing_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"title" text NOT NULL,
	"photo_id" text,
	"quantity" integer NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"handover" text NOT NULL,
	"state" text NOT NULL,
	"payment_id" text,
	"site_id" text,
	"booking_id" text,
	"hold_expires_at" timestamp with time zone,
	"confirms_at" timestamp with time zone,
	"cancel_reason" text,
	"paid_out_at" timestamp with time zone,
	"timeline" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complex_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"listing_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complex_listing_reports" (
	"listing_id" text NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "complex_listing_reports_once" UNIQUE("listing_id","reporter_id")
);
--> statement-breakpoint
ALTER TABLE "complex_members" ADD CONSTRAINT "complex_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complex_members" ADD CONSTRAINT "complex_members_complex_id_complexes_id_fk" FOREIGN KEY ("complex_id") REFERENCES "public"."complexes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complex_listings" ADD CONSTRAINT "complex_listings_complex_id_complexes_id_fk" FOREIGN KEY ("complex_id") REFERENCES "public"."complexes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complex_listings" ADD CONSTRAINT "complex_listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complex_orders" ADD CONSTRAINT "complex_orders_complex_id_complexes_id_fk" FOREIGN KEY ("complex_id") REFERENCES "public"."complexes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complex_orders" ADD CONSTRAINT "complex_orders_listing_id_complex_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."complex_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complex_orders" ADD CONSTRAINT "complex_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complex_orders" ADD CONSTRAINT "complex_orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complex_photos" ADD CONSTRAINT "complex_photos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complex_listing_reports" ADD CONSTRAINT "complex_listing_reports_listing_id_complex_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."complex_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complex_listing_reports" ADD CONSTRAINT "complex_listing_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complex_members_complex_idx" ON "complex_members" USING btree ("complex_id","status");--> statement-breakpoint
CREATE INDEX "complex_listings_complex_idx" ON "complex_listings" USING btree ("complex_id","created_at");--> statement-breakpoint
CREATE INDEX "complex_listings_seller_idx" ON "complex_listings" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "complex_orders_buyer_idx" ON "complex_orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "complex_orders_seller_idx" ON "complex_orders" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "complex_orders_state_idx" ON "complex_orders" USING btree ("state");