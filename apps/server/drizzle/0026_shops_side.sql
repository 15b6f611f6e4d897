CREATE TABLE "shop_members" (
	"shop_id" text NOT NULL,
	"phone" text NOT NULL,
	"role" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"added_by" text NOT NULL,
	CONSTRAINT "shop_members_shop_id_phone_pk" PRIMARY KEY("shop_id","phone")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"phone" text PRIMARY KEY NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"added_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_state_log" ADD COLUMN "by" text;--> statement-breakpoint
ALTER TABLE "order_state_log" ADD COLUMN "by_user_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_applications" ADD COLUMN "shop_id" text;--> statement-breakpoint
ALTER TABLE "seller_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_members" ADD CONSTRAINT "shop_members_shop_id_sellers_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_members_phone_idx" ON "shop_members" USING btree ("phone");