-- Word of changes for the sessions kept in memory (features/auth/sessions.ts, docs/performance.md#orders):
-- every signed-in request asks whether its session still stands. Only what that answer is made of
-- notifies: a session revoked, cut short, moved or removed. A sign-in adds a row no process has kept,
-- and a refresh only turns its tokens over, so neither empties the copies.
-- petti_notify_changed is migration 0021's.
CREATE TRIGGER "auth_sessions_changed" AFTER UPDATE OF "revoked_at", "expires_at", "user_id" OR DELETE OR TRUNCATE ON "auth_sessions" FOR EACH STATEMENT EXECUTE FUNCTION petti_notify_changed('sessions_changed');
