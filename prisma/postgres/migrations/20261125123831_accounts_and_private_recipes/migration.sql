-- DropIndex
DROP INDEX "Recipe_name_key";

-- AlterTable
ALTER TABLE "Recipe" ADD COLUMN     "visibleTo" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailVerifiedAt" TIMESTAMP(3),
ADD COLUMN     "usernameKey" TEXT;

-- CreateTable
CREATE TABLE "EmailVerificationToken" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailVerificationToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UsernameRename" (
    "userId" INTEGER NOT NULL,
    "oldUsername" TEXT NOT NULL,
    "newUsername" TEXT NOT NULL,
    "renamedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UsernameRename_pkey" PRIMARY KEY ("userId")
);

-- Usernames that differ only in case from an older account's get "_<id>" appended (within 20 characters),
-- the older account keeping its name: each change is recorded in "UsernameRename".
INSERT INTO "UsernameRename" ("userId", "oldUsername", "newUsername")
SELECT u."id", u."username", substr(u."username", 1, 20 - length('_' || u."id")) || '_' || u."id"
FROM "User" u
WHERE EXISTS (SELECT 1 FROM "User" o WHERE lower(o."username") = lower(u."username") AND o."id" < u."id");
UPDATE "User" SET "username" = (SELECT r."newUsername" FROM "UsernameRename" r WHERE r."userId" = "User"."id")
WHERE "id" IN (SELECT "userId" FROM "UsernameRename");
UPDATE "User" SET "usernameKey" = lower("username"), "emailVerifiedAt" = CASE WHEN "googleId" IS NOT NULL THEN "updatedAt" END;
-- A recipe a user added was shown to everyone: it is now theirs only (as new ones are, until shared).
UPDATE "Recipe" SET "visibleTo" = "importedById" WHERE "importedById" IS NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "EmailVerificationToken_tokenHash_key" ON "EmailVerificationToken"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailVerificationToken_userId_idx" ON "EmailVerificationToken"("userId");

-- CreateIndex
CREATE INDEX "Recipe_visibleTo_idx" ON "Recipe"("visibleTo");

-- CreateIndex
CREATE UNIQUE INDEX "Recipe_name_visibleTo_key" ON "Recipe"("name", "visibleTo");

-- CreateIndex
CREATE UNIQUE INDEX "User_usernameKey_key" ON "User"("usernameKey");

-- AddForeignKey
ALTER TABLE "EmailVerificationToken" ADD CONSTRAINT "EmailVerificationToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

