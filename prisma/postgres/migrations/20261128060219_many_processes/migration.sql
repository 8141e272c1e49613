-- CreateTable
CREATE TABLE "SessionLock" (
    "id" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "expiresAt" BIGINT NOT NULL,

    CONSTRAINT "SessionLock_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CookbookVersion" (
    "id" INTEGER NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "CookbookVersion_pkey" PRIMARY KEY ("id")
);

-- The one row, and the triggers that bump it on every write of a recipe or a review, whoever writes: once per
-- statement, so a bulk insert bumps it once.
INSERT INTO "CookbookVersion" ("id", "version") VALUES (1, 0);
-- The body is an E'' string with its semicolons escaped (\073): adapter-pg, which runs migrations, splits a script at
-- every semicolon, even inside a dollar-quoted body.
CREATE FUNCTION "bump_cookbook_version"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN UPDATE "CookbookVersion" SET "version" = "version" + 1 WHERE "id" = 1\073 RETURN NULL\073 END';
CREATE TRIGGER "Recipe_bumps_cookbook_version" AFTER INSERT OR UPDATE OR DELETE ON "Recipe"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cookbook_version"();
CREATE TRIGGER "Review_bumps_cookbook_version" AFTER INSERT OR UPDATE OR DELETE ON "Review"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cookbook_version"();
