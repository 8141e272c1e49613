-- CreateTable
CREATE TABLE "ReviewChange" (
    "recipeId" INTEGER NOT NULL,
    "version" BIGINT NOT NULL,
    "changedAt" BIGINT NOT NULL,

    CONSTRAINT "ReviewChange_pkey" PRIMARY KEY ("recipeId")
);

-- CreateIndex
CREATE INDEX "ReviewChange_version_idx" ON "ReviewChange"("version");

-- CreateIndex
CREATE INDEX "ReviewChange_changedAt_idx" ON "ReviewChange"("changedAt");

-- A recipe whose reviews changed is written down with the version the change bumped the cookbook to, in the same
-- transaction, so every process's suggestions index re-reads that recipe's rating alone (decision 176). Rows over a
-- day old are dropped. Once per statement, the recipes read from its transition tables ("before" for an update or a
-- deletion, "after" for an insert or an update: a review moved to another recipe writes both down). A trigger with
-- transition tables takes one event, hence three. The body's semicolons are escaped (\073) as in
-- bump_cookbook_version: adapter-pg splits a migration at every semicolon.
CREATE FUNCTION "reviews_changed_bump_cookbook_version"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN UPDATE "CookbookVersion" SET "version" = "version" + 1 WHERE "id" = 1\073 IF TG_OP <> ''DELETE'' THEN INSERT INTO "ReviewChange" ("recipeId", "version", "changedAt") SELECT DISTINCT "recipeId", COALESCE((SELECT "version" FROM "CookbookVersion" WHERE "id" = 1), 0), (extract(epoch FROM clock_timestamp()) * 1000)::bigint FROM "after" ON CONFLICT ("recipeId") DO UPDATE SET "version" = EXCLUDED."version", "changedAt" = EXCLUDED."changedAt"\073 END IF\073 IF TG_OP <> ''INSERT'' THEN INSERT INTO "ReviewChange" ("recipeId", "version", "changedAt") SELECT DISTINCT "recipeId", COALESCE((SELECT "version" FROM "CookbookVersion" WHERE "id" = 1), 0), (extract(epoch FROM clock_timestamp()) * 1000)::bigint FROM "before" ON CONFLICT ("recipeId") DO UPDATE SET "version" = EXCLUDED."version", "changedAt" = EXCLUDED."changedAt"\073 END IF\073 DELETE FROM "ReviewChange" WHERE "changedAt" < (extract(epoch FROM clock_timestamp()) * 1000)::bigint - 86400000\073 RETURN NULL\073 END';
DROP TRIGGER "Review_bumps_cookbook_version" ON "Review";
CREATE TRIGGER "Review_inserted_bumps_cookbook_version" AFTER INSERT ON "Review" REFERENCING NEW TABLE AS "after"
  FOR EACH STATEMENT EXECUTE FUNCTION "reviews_changed_bump_cookbook_version"();
CREATE TRIGGER "Review_updated_bumps_cookbook_version" AFTER UPDATE ON "Review"
  REFERENCING OLD TABLE AS "before" NEW TABLE AS "after"
  FOR EACH STATEMENT EXECUTE FUNCTION "reviews_changed_bump_cookbook_version"();
CREATE TRIGGER "Review_deleted_bumps_cookbook_version" AFTER DELETE ON "Review" REFERENCING OLD TABLE AS "before"
  FOR EACH STATEMENT EXECUTE FUNCTION "reviews_changed_bump_cookbook_version"();
