-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_VisionCapture" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "embedding" BLOB NOT NULL,
    "detected" TEXT NOT NULL DEFAULT '[]',
    "model" TEXT NOT NULL DEFAULT 'f766be97d4c2be38',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_VisionCapture" ("createdAt", "detected", "embedding", "id") SELECT "createdAt", "detected", "embedding", "id" FROM "VisionCapture";
DROP TABLE "VisionCapture";
ALTER TABLE "new_VisionCapture" RENAME TO "VisionCapture";
CREATE INDEX "VisionCapture_createdAt_idx" ON "VisionCapture"("createdAt");
CREATE TABLE "new_VisionExample" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ingredientId" INTEGER NOT NULL,
    "embedding" BLOB NOT NULL,
    "source" TEXT NOT NULL,
    "negative" BOOLEAN NOT NULL DEFAULT false,
    "model" TEXT NOT NULL DEFAULT 'f766be97d4c2be38',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VisionExample_ingredientId_fkey" FOREIGN KEY ("ingredientId") REFERENCES "Ingredient" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_VisionExample" ("createdAt", "embedding", "id", "ingredientId", "negative", "source") SELECT "createdAt", "embedding", "id", "ingredientId", "negative", "source" FROM "VisionExample";
DROP TABLE "VisionExample";
ALTER TABLE "new_VisionExample" RENAME TO "VisionExample";
CREATE INDEX "VisionExample_ingredientId_idx" ON "VisionExample"("ingredientId");
CREATE INDEX "VisionExample_model_idx" ON "VisionExample"("model");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
