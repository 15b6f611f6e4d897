CREATE TABLE "locker_offline_entries" (
	"site_id" text NOT NULL,
	"entry_id" text NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "locker_offline_entries_site_id_entry_id_pk" PRIMARY KEY("site_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "locker_pin_lists" (
	"site_id" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
