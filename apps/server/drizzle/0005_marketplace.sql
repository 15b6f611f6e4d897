CREATE TABLE "carts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"seller_id" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"vrnt_id" text NOT NULL,
	"product_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"mrp_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"hazardous" boolean NOT NULL,
	"always_inventory" boolean NOT NULL,
	CONSTRAINT "order_items_quantity" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_state_log" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"state" text NOT NULL,
	"note" text,
	"at" timestamp with time zone NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_timers" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"state" text NOT NULL,
	"delivery_type" text NOT NULL,
	"address" jsonb,
	"site_id" text,
	"vehicle_no" text,
	"alternate_pickup" jsonb,
	"on_my_way_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"bay" text,
	"landmark" text,
	"price" jsonb NOT NULL,
	"total_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"delivery_pass_id" text,
	"payment_id" text,
	"payment" jsonb,
	"request_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"parcel_booking_id" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "orders_request_key_uq" UNIQUE("user_id","request_key"),
	CONSTRAINT "orders_amounts" CHECK ("orders"."total_paise" > 0 and "orders"."tax_paise" >= 0 and "orders"."tax_paise" <= "orders"."total_paise")
);
--> statement-breakpoint
CREATE TABLE "seller_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	"owner_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"website" text,
	"category_id" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"modes" text[] NOT NULL,
	"message" text,
	"status" text DEFAULT 'received' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_applications_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_state_log" ADD CONSTRAINT "order_state_log_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_timers" ADD CONSTRAINT "order_timers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_parcel_booking_id_bookings_id_fk" FOREIGN KEY ("parcel_booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_state_log_order_idx" ON "order_state_log" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "order_timers_due_idx" ON "order_timers" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "order_timers_order_idx" ON "order_timers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_seller_state_idx" ON "orders" USING btree ("seller_id","state");--> statement-breakpoint
CREATE INDEX "orders_state_idx" ON "orders" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_idx" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";