CREATE TABLE "data_version_bumps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_version_bumps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"scope" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_versions" (
	"scope" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Data versions, read with the actor so that a cached list (lib/services/list-cache.ts) is known to be current
-- without reading the list again. A write queues the scopes it changed (a tenant's id, or the nil uuid for the
-- platform: global roles, their permissions, the permission catalogue), once per transaction and scope; when the
-- transaction commits, a deferred trigger adds one to each queued scope's version and empties the queue. The
-- version row is so locked only while its transaction commits, never while it runs; a rolled-back transaction
-- leaves the versions as they were. The triggers stand on every table a cached list reads, so every writer
-- (services, jobs, the seed, bulk SQL) moves the version, as for tenant_user_counts (migration 0005).
-- TG_ARGV[0]: an SQL expression over the changed row "r" giving its scope (NULL: the platform).
CREATE FUNCTION "data_versions_queue"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- A truncate changes the table for every scope.
    INSERT INTO "data_version_bumps" ("scope")
    SELECT s."scope" FROM (SELECT "id" AS "scope" FROM "tenants" UNION SELECT '00000000-0000-0000-0000-000000000000'::uuid) AS s
    WHERE NOT EXISTS (SELECT 1 FROM "data_version_bumps" b WHERE b."scope" = s."scope")
    ORDER BY s."scope";
    RETURN NULL;
  END IF;
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT * FROM "new_rows"'
    WHEN 'DELETE' THEN 'SELECT * FROM "old_rows"'
    ELSE 'SELECT * FROM "new_rows" UNION ALL SELECT * FROM "old_rows"'
  END;
  EXECUTE format(
    'INSERT INTO "data_version_bumps" ("scope")
     SELECT s."scope" FROM (
       SELECT DISTINCT coalesce(%s, ''00000000-0000-0000-0000-000000000000''::uuid) AS "scope" FROM (%s) AS r
     ) AS s
     WHERE NOT EXISTS (SELECT 1 FROM "data_version_bumps" b WHERE b."scope" = s."scope")
     ORDER BY s."scope"',
    TG_ARGV[0], changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- At commit, once per queued scope (a constraint trigger is per row; the queue holds each scope once).
CREATE FUNCTION "data_versions_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "data_versions" AS v ("scope", "version") VALUES (NEW."scope", 1)
  ON CONFLICT ("scope") DO UPDATE SET "version" = v."version" + 1;
  DELETE FROM "data_version_bumps" WHERE "id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "data_versions_apply" AFTER INSERT ON "data_version_bumps"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "data_versions_apply"();--> statement-breakpoint
-- The triggers of each table a cached list reads: one per event (a trigger with transition tables has one event).
CREATE PROCEDURE "data_versions_watch"("table_name" text, "scope_of" text) LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "new_rows"
    FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_queue"(%L)', table_name || '_versions_on_insert', table_name, scope_of);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
    FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_queue"(%L)', table_name || '_versions_on_update', table_name, scope_of);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "old_rows"
    FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_queue"(%L)', table_name || '_versions_on_delete', table_name, scope_of);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
    FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_queue"(%L)', table_name || '_versions_on_truncate', table_name, scope_of);
END
$$;--> statement-breakpoint
CALL "data_versions_watch"('tenants', 'r."id"');--> statement-breakpoint
CALL "data_versions_watch"('users', 'r."tenant_id"');--> statement-breakpoint
CALL "data_versions_watch"('tenant_user_counts', 'r."tenant_id"');--> statement-breakpoint
CALL "data_versions_watch"('invitations', 'r."tenant_id"');--> statement-breakpoint
CALL "data_versions_watch"('roles', 'r."tenant_id"');--> statement-breakpoint
CALL "data_versions_watch"('user_roles', '(SELECT u."tenant_id" FROM "users" u WHERE u."id" = r."user_id")');--> statement-breakpoint
CALL "data_versions_watch"('role_permissions', '(SELECT ro."tenant_id" FROM "roles" ro WHERE ro."id" = r."role_id")');--> statement-breakpoint
CALL "data_versions_watch"('user_permission_overrides', 'r."tenant_id"');--> statement-breakpoint
CALL "data_versions_watch"('permissions', 'NULL::uuid');--> statement-breakpoint
CALL "data_versions_watch"('projects', 'r."tenant_id"');--> statement-breakpoint
CALL "data_versions_watch"('blogs', 'r."tenant_id"');--> statement-breakpoint
CALL "data_versions_watch"('blog_sources', 'r."tenant_id"');--> statement-breakpoint
CALL "data_versions_watch"('files', 'r."tenant_id"');--> statement-breakpoint
DROP PROCEDURE "data_versions_watch"(text, text);
