-- CreateTable
CREATE TABLE "EmailVerificationToken" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EmailVerificationToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UsernameRename" (
    "userId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "oldUsername" TEXT NOT NULL,
    "newUsername" TEXT NOT NULL,
    "renamedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Recipe" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "image" TEXT,
    "description" TEXT,
    "prepTime" INTEGER,
    "cookingTime" INTEGER,
    "servings" INTEGER,
    "calories" REAL,
    "protein" REAL,
    "fat" REAL,
    "carbohydrates" REAL,
    "sodium" REAL,
    "sugar" REAL,
    "origin" TEXT NOT NULL DEFAULT 'starter',
    "sourceUrl" TEXT,
    "importedById" INTEGER,
    "visibleTo" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Recipe_importedById_fkey" FOREIGN KEY ("importedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
-- A recipe a user added was shown to everyone: it is now theirs only (as new ones are, until shared).
INSERT INTO "new_Recipe" ("calories", "carbohydrates", "cookingTime", "createdAt", "description", "fat", "id", "image", "importedById", "name", "origin", "prepTime", "protein", "servings", "sodium", "sourceUrl", "sugar", "updatedAt", "visibleTo") SELECT "calories", "carbohydrates", "cookingTime", "createdAt", "description", "fat", "id", "image", "importedById", "name", "origin", "prepTime", "protein", "servings", "sodium", "sourceUrl", "sugar", "updatedAt", COALESCE("importedById", 0) FROM "Recipe";
DROP TABLE "Recipe";
ALTER TABLE "new_Recipe" RENAME TO "Recipe";
CREATE INDEX "Recipe_origin_idx" ON "Recipe"("origin");
CREATE INDEX "Recipe_updatedAt_idx" ON "Recipe"("updatedAt");
CREATE INDEX "Recipe_visibleTo_idx" ON "Recipe"("visibleTo");
CREATE UNIQUE INDEX "Recipe_name_visibleTo_key" ON "Recipe"("name", "visibleTo");
-- Usernames that differ only in case from an older account's get "_<id>" appended (within 20 characters),
-- the older account keeping its name: each change is recorded in "UsernameRename".
INSERT INTO "UsernameRename" ("userId", "oldUsername", "newUsername")
SELECT u."id", u."username", substr(u."username", 1, 20 - length('_' || u."id")) || '_' || u."id"
FROM "User" u
WHERE EXISTS (SELECT 1 FROM "User" o WHERE lower(o."username") = lower(u."username") AND o."id" < u."id");
UPDATE "User" SET "username" = (SELECT r."newUsername" FROM "UsernameRename" r WHERE r."userId" = "User"."id")
WHERE "id" IN (SELECT "userId" FROM "UsernameRename");
CREATE TABLE "new_User" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "username" TEXT NOT NULL,
    "usernameKey" TEXT,
    "email" TEXT NOT NULL,
    "emailVerifiedAt" DATETIME,
    "passwordHash" TEXT,
    "googleId" TEXT,
    "avatar" TEXT,
    "phoneNumber" TEXT,
    "birthDate" DATETIME,
    "country" TEXT,
    "allergies" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
-- Accounts Google signed in to have an address Google vouched for count as verified, others prove theirs by a link.
INSERT INTO "new_User" ("allergies", "avatar", "birthDate", "country", "createdAt", "email", "emailVerifiedAt", "googleId", "id", "passwordHash", "phoneNumber", "updatedAt", "username", "usernameKey") SELECT "allergies", "avatar", "birthDate", "country", "createdAt", "email", CASE WHEN "googleId" IS NOT NULL THEN "updatedAt" END, "googleId", "id", "passwordHash", "phoneNumber", "updatedAt", "username", lower("username") FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_username_key" ON "User"("username");
CREATE UNIQUE INDEX "User_usernameKey_key" ON "User"("usernameKey");
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE UNIQUE INDEX "User_googleId_key" ON "User"("googleId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "EmailVerificationToken_tokenHash_key" ON "EmailVerificationToken"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailVerificationToken_userId_idx" ON "EmailVerificationToken"("userId");

