-- CreateTable
CREATE TABLE "AllergyWarningSeen" (
    "userId" INTEGER NOT NULL,
    "recipeId" INTEGER NOT NULL,
    "allergies" TEXT NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AllergyWarningSeen_pkey" PRIMARY KEY ("userId","recipeId")
);

-- CreateIndex
CREATE INDEX "AllergyWarningSeen_recipeId_idx" ON "AllergyWarningSeen"("recipeId");

-- AddForeignKey
ALTER TABLE "AllergyWarningSeen" ADD CONSTRAINT "AllergyWarningSeen_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AllergyWarningSeen" ADD CONSTRAINT "AllergyWarningSeen_recipeId_fkey" FOREIGN KEY ("recipeId") REFERENCES "Recipe"("id") ON DELETE CASCADE ON UPDATE CASCADE;
