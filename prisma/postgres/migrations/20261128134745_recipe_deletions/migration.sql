-- CreateTable
CREATE TABLE "RecipeDeletion" (
    "recipeId" INTEGER NOT NULL,
    "version" BIGINT NOT NULL,
    "deletedAt" BIGINT NOT NULL,

    CONSTRAINT "RecipeDeletion_pkey" PRIMARY KEY ("recipeId")
);

-- CreateIndex
CREATE INDEX "RecipeDeletion_version_idx" ON "RecipeDeletion"("version");

-- CreateIndex
CREATE INDEX "RecipeDeletion_deletedAt_idx" ON "RecipeDeletion"("deletedAt");

-- A deleted recipe is written down with the version its deletion bumped the cookbook to, in the same transaction,
-- so every process's suggestions index takes it out in place (decision 173). Deletions over a day old are dropped.
-- Once per statement, the deleted rows read from its transition table. The body's semicolons are escaped (\073) as
-- in bump_cookbook_version: adapter-pg splits a migration at every semicolon.
CREATE FUNCTION "recipes_deleted_bump_cookbook_version"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN UPDATE "CookbookVersion" SET "version" = "version" + 1 WHERE "id" = 1\073 INSERT INTO "RecipeDeletion" ("recipeId", "version", "deletedAt") SELECT "id", COALESCE((SELECT "version" FROM "CookbookVersion" WHERE "id" = 1), 0), (extract(epoch FROM clock_timestamp()) * 1000)::bigint FROM "gone" ON CONFLICT ("recipeId") DO UPDATE SET "version" = EXCLUDED."version", "deletedAt" = EXCLUDED."deletedAt"\073 DELETE FROM "RecipeDeletion" WHERE "deletedAt" < (extract(epoch FROM clock_timestamp()) * 1000)::bigint - 86400000\073 RETURN NULL\073 END';
DROP TRIGGER "Recipe_bumps_cookbook_version" ON "Recipe";
CREATE TRIGGER "Recipe_bumps_cookbook_version" AFTER INSERT OR UPDATE ON "Recipe"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cookbook_version"();
CREATE TRIGGER "Recipe_deleted_bumps_cookbook_version" AFTER DELETE ON "Recipe" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "recipes_deleted_bump_cookbook_version"();
