CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"label" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"landmark" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"icon" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"unit" text NOT NULL,
	"unit_value" double precision NOT NULL,
	"price_paise" integer NOT NULL,
	"mrp_paise" integer NOT NULL,
	"inventory" integer DEFAULT 0 NOT NULL,
	"always_inventory" boolean DEFAULT false NOT NULL,
	"tax_percent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "variants_inventory_non_negative" CHECK ("product_variants"."inventory" >= 0),
	CONSTRAINT "variants_price_positive" CHECK ("product_variants"."price_paise" > 0 and "product_variants"."mrp_paise" >= "product_variants"."price_paise")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"category_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"image" text,
	"hazardous" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complex_listings" (
	"id" text PRIMARY KEY NOT NULL,
	"complex_id" text NOT NULL,
	"seller_phone" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" text,
	"price_paise" integer NOT NULL,
	"category_id" text,
	"handover" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complexes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"blocks" text[] NOT NULL,
	"flats_per_block" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locker_prices" (
	"site_type" text NOT NULL,
	"size" text NOT NULL,
	"first_hour_paise" integer NOT NULL,
	"extra_hour_paise" integer NOT NULL,
	"day_cap_paise" integer NOT NULL,
	CONSTRAINT "locker_prices_site_type_size_pk" PRIMARY KEY("site_type","size")
);
--> statement-breakpoint
CREATE TABLE "locker_sites" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"opens_at" text NOT NULL,
	"closes_at" text NOT NULL,
	"type" text DEFAULT 'public_lockers' NOT NULL,
	"complex_id" text,
	"accepts_parcels" boolean DEFAULT false NOT NULL,
	"last_heartbeat_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "locker_sizes" (
	"code" text PRIMARY KEY NOT NULL,
	"label" jsonb NOT NULL,
	"fits" jsonb NOT NULL,
	"inner_width_cm" integer NOT NULL,
	"inner_height_cm" integer NOT NULL,
	"inner_depth_cm" integer NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lockers" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"size" text NOT NULL,
	"col" integer NOT NULL,
	"row" integer NOT NULL,
	"in_service" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"kind" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	CONSTRAINT "places_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "delivery_fees" (
	"id" text PRIMARY KEY NOT NULL,
	"base_fee_paise" integer NOT NULL,
	"per_km_paise" integer NOT NULL,
	"small_cart_threshold_paise" integer NOT NULL,
	"small_cart_fee_paise" integer NOT NULL,
	"packaging_fee_paise" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"kind" text NOT NULL,
	"price_paise" integer NOT NULL,
	"period_days" integer NOT NULL,
	"locker_hours" integer,
	"sizes" text[] NOT NULL,
	"waitlist_priority" boolean DEFAULT false NOT NULL,
	"free_delivery_over_paise" integer
);
--> statement-breakpoint
CREATE TABLE "sellers" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	"brand_name_ta" text,
	"category_id" text NOT NULL,
	"description" jsonb,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"range_km" double precision NOT NULL,
	"opens_at" text NOT NULL,
	"closes_at" text NOT NULL,
	"modes" text[] NOT NULL,
	"phone" text,
	"rating" double precision
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text,
	"name" text,
	"email" text,
	"email_verified_at" timestamp with time zone,
	"language" text DEFAULT 'en' NOT NULL,
	"notification_prefs" jsonb DEFAULT '{"bookings":true,"orders":true,"offers":false}'::jsonb NOT NULL,
	"complex_id" text,
	"block" text,
	"flat" text,
	"confirmed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complex_listings" ADD CONSTRAINT "complex_listings_complex_id_complexes_id_fk" FOREIGN KEY ("complex_id") REFERENCES "public"."complexes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_prices" ADD CONSTRAINT "locker_prices_size_locker_sizes_code_fk" FOREIGN KEY ("size") REFERENCES "public"."locker_sizes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockers" ADD CONSTRAINT "lockers_site_id_locker_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."locker_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockers" ADD CONSTRAINT "lockers_size_locker_sizes_code_fk" FOREIGN KEY ("size") REFERENCES "public"."locker_sizes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "variants_product_idx" ON "product_variants" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_seller_idx" ON "products" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");