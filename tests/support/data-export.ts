/** The files of "Download my data" beside the recipes' folders, as a cook finds them in the zip. */
export const EXPORT_DATA_FILES = [
  "README.txt",
  "favourites.json",
  "food-log.csv",
  "meal-plan.json",
  "pantry.csv",
  "reviews.json",
  "shopping-list.csv",
];
