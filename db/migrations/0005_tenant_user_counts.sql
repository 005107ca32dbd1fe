CREATE TABLE "tenant_user_counts" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"active_users" integer DEFAULT 0 NOT NULL,
	"inactive_users" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_user_counts" ADD CONSTRAINT "tenant_user_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- tenant_user_counts is kept by statement-level triggers on users, so every writer (services, the seed, bulk SQL)
-- keeps it exact in its own transaction: inserts add, deletes (a tenant's deletion cascading to its users
-- included) subtract, updates add the difference between the rows after and before (moves between tenants and
-- (de)activations; any other update adds nothing and writes nothing). Rows are touched in tenant order, so two
-- transactions writing several tenants' counts lock them in the same order.
CREATE FUNCTION "tenant_user_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tenant_user_counts" AS counts ("tenant_id", "active_users", "inactive_users")
  SELECT "tenant_id", count(*) FILTER (WHERE "is_active"), count(*) FILTER (WHERE NOT "is_active")
  FROM "inserted_users" GROUP BY "tenant_id" ORDER BY "tenant_id"
  ON CONFLICT ("tenant_id") DO UPDATE SET
    "active_users" = counts."active_users" + excluded."active_users",
    "inactive_users" = counts."inactive_users" + excluded."inactive_users";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "tenant_user_counts_subtract"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An UPDATE, not an upsert: when a tenant's deletion cascades to its users, its counts row may already be gone
  -- (it cascades too), and must not come back.
  UPDATE "tenant_user_counts" AS counts SET
    "active_users" = counts."active_users" - gone."active",
    "inactive_users" = counts."inactive_users" - gone."inactive"
  FROM (
    SELECT "tenant_id", count(*) FILTER (WHERE "is_active") AS "active", count(*) FILTER (WHERE NOT "is_active") AS "inactive"
    FROM "deleted_users" GROUP BY "tenant_id"
  ) AS gone
  WHERE counts."tenant_id" = gone."tenant_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "tenant_user_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tenant_user_counts" AS counts ("tenant_id", "active_users", "inactive_users")
  SELECT "tenant_id", sum("active")::integer, sum("inactive")::integer
  FROM (
    SELECT "tenant_id", count(*) FILTER (WHERE "is_active") AS "active", count(*) FILTER (WHERE NOT "is_active") AS "inactive"
    FROM "users_after" GROUP BY "tenant_id"
    UNION ALL
    SELECT "tenant_id", -count(*) FILTER (WHERE "is_active"), -count(*) FILTER (WHERE NOT "is_active")
    FROM "users_before" GROUP BY "tenant_id"
  ) AS delta
  GROUP BY "tenant_id"
  HAVING sum("active") <> 0 OR sum("inactive") <> 0
  ORDER BY "tenant_id"
  ON CONFLICT ("tenant_id") DO UPDATE SET
    "active_users" = counts."active_users" + excluded."active_users",
    "inactive_users" = counts."inactive_users" + excluded."inactive_users";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "tenant_user_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tenant_user_counts" SET "active_users" = 0, "inactive_users" = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tenant_user_counts_on_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "inserted_users" FOR EACH STATEMENT EXECUTE FUNCTION "tenant_user_counts_add"();--> statement-breakpoint
CREATE TRIGGER "tenant_user_counts_on_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "deleted_users" FOR EACH STATEMENT EXECUTE FUNCTION "tenant_user_counts_subtract"();--> statement-breakpoint
CREATE TRIGGER "tenant_user_counts_on_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS "users_before" NEW TABLE AS "users_after" FOR EACH STATEMENT EXECUTE FUNCTION "tenant_user_counts_change"();--> statement-breakpoint
CREATE TRIGGER "tenant_user_counts_on_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "tenant_user_counts_clear"();--> statement-breakpoint
-- The counts of the users already there: after the triggers exist, whose creation locks users against writes
-- until this migration commits, so no write falls between the two.
INSERT INTO "tenant_user_counts" ("tenant_id", "active_users", "inactive_users")
SELECT "tenant_id", count(*) FILTER (WHERE "is_active"), count(*) FILTER (WHERE NOT "is_active")
FROM "users" GROUP BY "tenant_id";--> statement-breakpoint
-- The search's trigram indexes take new entries straight into the index instead of a pending list: a pending list
-- (up to 4 MB) is read in full by every search until a vacuum merges it, and after a bulk import it made the
-- planner choose a full scan (100,000 users: 224 ms per search count, 0.8 ms with the list merged).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_class WHERE relname = 'users_email_trgm_idx' AND relkind = 'i') THEN
    ALTER INDEX "users_email_trgm_idx" SET (fastupdate = off);
    PERFORM gin_clean_pending_list('users_email_trgm_idx'::regclass);
  END IF;
  IF EXISTS (SELECT 1 FROM pg_class WHERE relname = 'users_full_name_trgm_idx' AND relkind = 'i') THEN
    ALTER INDEX "users_full_name_trgm_idx" SET (fastupdate = off);
    PERFORM gin_clean_pending_list('users_full_name_trgm_idx'::regclass);
  END IF;
END
$$;
