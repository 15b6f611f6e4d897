CREATE TABLE "booking_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"hours" integer NOT NULL,
	"plan_hours" integer DEFAULT 0 NOT NULL,
	"plan_id" text,
	"subscription_id" text,
	"base_paise" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"state" text NOT NULL,
	"payment_id" text,
	"payment" jsonb,
	"hold_expires_at" timestamp with time zone,
	"refunded_paise" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "booking_charges_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"site_id" text NOT NULL,
	"size" text NOT NULL,
	"locker_id" text,
	"state" text NOT NULL,
	"scheduled" boolean DEFAULT false NOT NULL,
	"prefer_low" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"occupied_until" timestamp with time zone,
	"during" "tstzrange" GENERATED ALWAYS AS (tstzrange(starts_at, occupied_until, '[)')) STORED,
	"duration_hours" integer NOT NULL,
	"extended_hours" integer DEFAULT 0 NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"pin" text,
	"pin_issued_at" timestamp with time zone,
	"pin_expires_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"close_reason" text,
	"overstay_paid_hours" integer DEFAULT 0 NOT NULL,
	"request_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bookings_request_key_uq" UNIQUE("user_id","request_key")
);
--> statement-breakpoint
CREATE TABLE "keypad_requests" (
	"site_id" text NOT NULL,
	"request_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"ok" boolean,
	CONSTRAINT "keypad_requests_site_id_request_id_pk" PRIMARY KEY("site_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "locker_commands" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"locker_id" text NOT NULL,
	"booking_id" text,
	"reason" text NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"session_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "timers" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"key" text,
	"booking_id" text,
	"site_id" text,
	"locker_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "timers_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "locker_sites" ADD COLUMN "offline_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lockers" ADD COLUMN "door_state" text DEFAULT 'closed' NOT NULL;--> statement-breakpoint
ALTER TABLE "lockers" ADD COLUMN "door_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lockers" ADD COLUMN "fault" text;--> statement-breakpoint
ALTER TABLE "booking_charges" ADD CONSTRAINT "booking_charges_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_site_id_locker_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."locker_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_locker_id_lockers_id_fk" FOREIGN KEY ("locker_id") REFERENCES "public"."lockers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_commands" ADD CONSTRAINT "locker_commands_site_id_locker_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."locker_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_commands" ADD CONSTRAINT "locker_commands_locker_id_lockers_id_fk" FOREIGN KEY ("locker_id") REFERENCES "public"."lockers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_charges_booking_idx" ON "booking_charges" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_charges_subscription_idx" ON "booking_charges" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_site_size_state_idx" ON "bookings" USING btree ("site_id","size","state");--> statement-breakpoint
CREATE INDEX "bookings_locker_idx" ON "bookings" USING btree ("locker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_site_pin_uq" ON "bookings" USING btree ("site_id","pin") WHERE pin is not null;--> statement-breakpoint
CREATE INDEX "keypad_requests_received_idx" ON "keypad_requests" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "locker_commands_locker_idx" ON "locker_commands" USING btree ("locker_id","state");--> statement-breakpoint
CREATE INDEX "event_outbox_claim_idx" ON "event_outbox" USING btree ("claimed_until");--> statement-breakpoint
CREATE INDEX "timers_due_idx" ON "timers" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "timers_booking_idx" ON "timers" USING btree ("booking_id");