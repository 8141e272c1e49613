-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_MealCompletion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "recipeId" INTEGER,
    "co2SavedKg" REAL NOT NULL DEFAULT 0,
    "gramsSaved" REAL NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pantryUpdatedAt" DATETIME,
    "co2ConfirmedKg" REAL,
    "servingsCooked" INTEGER,
    "servingsEaten" INTEGER,
    CONSTRAINT "MealCompletion_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MealCompletion_recipeId_fkey" FOREIGN KEY ("recipeId") REFERENCES "Recipe" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_MealCompletion" ("co2ConfirmedKg", "co2SavedKg", "createdAt", "id", "pantryUpdatedAt", "recipeId", "servingsCooked", "servingsEaten", "userId") SELECT "co2ConfirmedKg", "co2SavedKg", "createdAt", "id", "pantryUpdatedAt", "recipeId", "servingsCooked", "servingsEaten", "userId" FROM "MealCompletion";
DROP TABLE "MealCompletion";
ALTER TABLE "new_MealCompletion" RENAME TO "MealCompletion";
CREATE INDEX "MealCompletion_userId_createdAt_idx" ON "MealCompletion"("userId", "createdAt");
CREATE INDEX "MealCompletion_recipeId_idx" ON "MealCompletion"("recipeId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
