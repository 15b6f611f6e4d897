CREATE TABLE "broker_connections" (
	"client_id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "broker_connections_session_idx" ON "broker_connections" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "broker_connections_seen_idx" ON "broker_connections" USING btree ("seen_at");