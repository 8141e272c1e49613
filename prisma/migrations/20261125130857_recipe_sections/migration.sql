-- AlterTable
ALTER TABLE "Recipe" ADD COLUMN "totalTime" INTEGER;

-- AlterTable
ALTER TABLE "RecipeIngredient" ADD COLUMN "section" TEXT;

-- AlterTable
ALTER TABLE "RecipeStep" ADD COLUMN "section" TEXT;
