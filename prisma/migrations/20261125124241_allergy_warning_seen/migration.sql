-- CreateTable
CREATE TABLE "AllergyWarningSeen" (
    "userId" INTEGER NOT NULL,
    "recipeId" INTEGER NOT NULL,
    "allergies" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "recipeId"),
    CONSTRAINT "AllergyWarningSeen_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AllergyWarningSeen_recipeId_fkey" FOREIGN KEY ("recipeId") REFERENCES "Recipe" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "AllergyWarningSeen_recipeId_idx" ON "AllergyWarningSeen"("recipeId");
