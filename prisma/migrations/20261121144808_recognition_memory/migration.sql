-- AlterTable
ALTER TABLE "UserIngredient" ADD COLUMN "captureId" TEXT;

-- CreateTable
CREATE TABLE "VisionExample" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ingredientId" INTEGER NOT NULL,
    "embedding" BLOB NOT NULL,
    "source" TEXT NOT NULL,
    "negative" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VisionExample_ingredientId_fkey" FOREIGN KEY ("ingredientId") REFERENCES "Ingredient" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VisionCapture" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "embedding" BLOB NOT NULL,
    "detected" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "VisionExample_ingredientId_idx" ON "VisionExample"("ingredientId");

-- CreateIndex
CREATE INDEX "VisionCapture_createdAt_idx" ON "VisionCapture"("createdAt");

-- CreateIndex
CREATE INDEX "Recipe_updatedAt_idx" ON "Recipe"("updatedAt");
