-- AlterTable
ALTER TABLE "UserIngredient" ADD COLUMN     "captureId" TEXT;

-- CreateTable
CREATE TABLE "VisionExample" (
    "id" SERIAL NOT NULL,
    "ingredientId" INTEGER NOT NULL,
    "embedding" BYTEA NOT NULL,
    "source" TEXT NOT NULL,
    "negative" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VisionExample_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VisionCapture" (
    "id" TEXT NOT NULL,
    "embedding" BYTEA NOT NULL,
    "detected" TEXT NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VisionCapture_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "VisionExample_ingredientId_idx" ON "VisionExample"("ingredientId");

-- CreateIndex
CREATE INDEX "VisionCapture_createdAt_idx" ON "VisionCapture"("createdAt");

-- CreateIndex
CREATE INDEX "Recipe_updatedAt_idx" ON "Recipe"("updatedAt");

-- AddForeignKey
ALTER TABLE "VisionExample" ADD CONSTRAINT "VisionExample_ingredientId_fkey" FOREIGN KEY ("ingredientId") REFERENCES "Ingredient"("id") ON DELETE CASCADE ON UPDATE CASCADE;
