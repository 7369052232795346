-- Every instance caches sessions, users and memberships in memory (src/server/accounts/account-cache.ts) and forgets an
-- entry when the row changes: these triggers tell every listener on the `portal_changes` channel, at commit, whatever
-- wrote the row (a handler, the seed, an administrator with psql).
CREATE OR REPLACE FUNCTION portal_notify_change() RETURNS trigger AS $$
DECLARE
  row_id text;
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    IF TG_OP = 'UPDATE' AND NEW.revoked_at IS NOT DISTINCT FROM OLD.revoked_at AND NEW.expires_at IS NOT DISTINCT FROM OLD.expires_at THEN
      RETURN NULL;
    END IF;
    IF TG_OP = 'DELETE' OR NEW.revoked_at IS NOT NULL OR NEW.expires_at <= now() THEN
      PERFORM pg_notify('portal_changes', 'session-ended:' || COALESCE(NEW.id, OLD.id)::text);
    ELSE
      PERFORM pg_notify('portal_changes', 'session:' || NEW.id::text);
    END IF;
  ELSIF TG_TABLE_NAME = 'memberships' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('portal_changes', 'memberships:' || OLD.user_id::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('portal_changes', 'memberships:' || NEW.user_id::text);
    END IF;
  ELSE
    row_id := CASE WHEN TG_OP = 'DELETE' THEN OLD.id::text ELSE NEW.id::text END;
    PERFORM pg_notify('portal_changes', (CASE TG_TABLE_NAME WHEN 'users' THEN 'user:' ELSE 'organization:' END) || row_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION portal_notify_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION portal_notify_change();
--> statement-breakpoint
CREATE TRIGGER memberships_notify_change AFTER INSERT OR UPDATE OR DELETE ON memberships FOR EACH ROW EXECUTE FUNCTION portal_notify_change();
--> statement-breakpoint
CREATE TRIGGER organizations_notify_change AFTER UPDATE OR DELETE ON organizations FOR EACH ROW EXECUTE FUNCTION portal_notify_change();
