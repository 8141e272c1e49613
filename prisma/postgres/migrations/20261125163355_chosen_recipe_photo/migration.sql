-- AlterTable
ALTER TABLE "CommunityPost" ADD COLUMN "chosenForRecipe" BOOLEAN NOT NULL DEFAULT false;
