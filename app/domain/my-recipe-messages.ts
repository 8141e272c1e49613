/** What My recipes says and its page size, apart from the line reader and the schema, for the screens. */
export const MY_RECIPES_PAGE_SIZE = 20;
export const MAX_SEARCH_LENGTH = 100;

export const MY_RECIPE_MESSAGES = {
  saved: (name: string) => `“${name}” saved.`,
  shared: (name: string) => `“${name}” is shared with everyone now.`,
  private: (name: string) => `“${name}” is private now: only you see it.`,
  deleted: (name: string) => `“${name}” deleted.`,
  notFound: "That recipe is not one of yours, or it was deleted.",
  nameTakenShared: (name: string) =>
    `Another recipe everyone sees is called “${name}”. Rename yours before sharing it.`,
  nameTakenPrivate: (name: string) =>
    `You have another private recipe called “${name}”. Rename one of them before making this one private.`,
  nameTaken: (name: string) =>
    `Another of your recipes, or one everyone sees, is called “${name}”. Choose another name.`,
  noLines: "Write at least one ingredient line, such as “2 eggs”.",
  saveFailed: "The recipe was not saved. Please check the fields below.",
} as const;
