-- Households (decision 093): every cook gets a household of one, with the same id as their account, named after
-- them, as its owner. Their pantry, shopping list (a new ShoppingList, id = the account) and food log become the
-- households. Every cook gets a pantry and a list, empty when they had none.
-- CreateTable
CREATE TABLE "Household" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "HouseholdMember" (
    "userId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "householdId" INTEGER NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'member',
    "suggestForEveryone" BOOLEAN,
    "joinedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "HouseholdMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "HouseholdMember_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "HouseholdInvite" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "householdId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT,
    "createdById" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "revokedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "HouseholdInvite_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "HouseholdInvite_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ShoppingList" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "householdId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ShoppingList_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

INSERT INTO "Household" ("id", "name", "createdAt") SELECT "id", "username" || '''s household', "createdAt" FROM "User" ORDER BY "id";
INSERT INTO "HouseholdMember" ("userId", "householdId", "role", "joinedAt") SELECT "id", "id", 'owner', "createdAt" FROM "User" ORDER BY "id";
INSERT INTO "ShoppingList" ("id", "householdId") SELECT "id", "id" FROM "User" ORDER BY "id";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_FoodLogEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "householdId" INTEGER NOT NULL,
    "ingredient" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "amount" REAL,
    "unit" TEXT,
    "grams" REAL,
    "co2Kg" REAL NOT NULL DEFAULT 0,
    "kind" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "mealCompletionId" INTEGER,
    "itemBefore" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FoodLogEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FoodLogEntry_mealCompletionId_fkey" FOREIGN KEY ("mealCompletionId") REFERENCES "MealCompletion" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FoodLogEntry_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_FoodLogEntry" ("amount", "co2Kg", "createdAt", "grams", "id", "ingredient", "itemBefore", "kind", "mealCompletionId", "nameKey", "source", "unit", "userId", "householdId") SELECT "amount", "co2Kg", "createdAt", "grams", "id", "ingredient", "itemBefore", "kind", "mealCompletionId", "nameKey", "source", "unit", "userId", "userId" FROM "FoodLogEntry";
DROP TABLE "FoodLogEntry";
ALTER TABLE "new_FoodLogEntry" RENAME TO "FoodLogEntry";
CREATE INDEX "FoodLogEntry_userId_createdAt_idx" ON "FoodLogEntry"("userId", "createdAt");
CREATE INDEX "FoodLogEntry_householdId_createdAt_idx" ON "FoodLogEntry"("householdId", "createdAt");
CREATE INDEX "FoodLogEntry_mealCompletionId_idx" ON "FoodLogEntry"("mealCompletionId");
CREATE TABLE "new_Pantry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "householdId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Pantry_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Pantry" ("createdAt", "id", "householdId") SELECT "createdAt", "id", "ownerUserId" FROM "Pantry";
INSERT INTO "new_Pantry" ("householdId") SELECT "id" FROM "User" WHERE "id" NOT IN (SELECT "ownerUserId" FROM "Pantry") ORDER BY "id";
DROP TABLE "Pantry";
ALTER TABLE "new_Pantry" RENAME TO "Pantry";
CREATE UNIQUE INDEX "Pantry_householdId_key" ON "Pantry"("householdId");
CREATE TABLE "new_PantryItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "pantryId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'manual',
    "captureId" TEXT,
    "quantity" REAL,
    "unit" TEXT,
    "storage" TEXT,
    "addedOn" TEXT NOT NULL,
    "bestBefore" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PantryItem_pantryId_fkey" FOREIGN KEY ("pantryId") REFERENCES "Pantry" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_PantryItem" ("addedOn", "bestBefore", "captureId", "createdAt", "id", "name", "nameKey", "pantryId", "quantity", "source", "storage", "type", "unit") SELECT "addedOn", "bestBefore", "captureId", "createdAt", "id", "name", "nameKey", "pantryId", "quantity", "source", "storage", "type", "unit" FROM "PantryItem";
DROP TABLE "PantryItem";
ALTER TABLE "new_PantryItem" RENAME TO "PantryItem";
CREATE UNIQUE INDEX "PantryItem_pantryId_nameKey_key" ON "PantryItem"("pantryId", "nameKey");
CREATE TABLE "new_ShoppingItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "listId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "quantity" TEXT NOT NULL DEFAULT '',
    "image" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ShoppingItem_listId_fkey" FOREIGN KEY ("listId") REFERENCES "ShoppingList" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ShoppingItem" ("createdAt", "id", "image", "name", "nameKey", "quantity", "listId") SELECT "createdAt", "id", "image", "name", "nameKey", "quantity", "userId" FROM "ShoppingItem";
DROP TABLE "ShoppingItem";
ALTER TABLE "new_ShoppingItem" RENAME TO "ShoppingItem";
CREATE UNIQUE INDEX "ShoppingItem_listId_nameKey_key" ON "ShoppingItem"("listId", "nameKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "HouseholdMember_householdId_idx" ON "HouseholdMember"("householdId");

-- CreateIndex
CREATE UNIQUE INDEX "HouseholdInvite_tokenHash_key" ON "HouseholdInvite"("tokenHash");

-- CreateIndex
CREATE INDEX "HouseholdInvite_householdId_idx" ON "HouseholdInvite"("householdId");

-- CreateIndex
CREATE INDEX "HouseholdInvite_createdById_idx" ON "HouseholdInvite"("createdById");

-- CreateIndex
CREATE UNIQUE INDEX "ShoppingList_householdId_key" ON "ShoppingList"("householdId");
