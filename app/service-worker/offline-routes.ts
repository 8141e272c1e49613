/**
 * What the service worker keeps readable offline, as paths (documents and their single-fetch data, `.data`): the
 * shopping list and the pantry in one cache, the recipes opened last in another with a cap. Shared with the
 * page that registers the worker (app/components/service-worker.ts).
 */
export const LIST_PAGES = /^\/(shoppinglist|ingredient-preview|pantry)(\.data)?$/;
export const RECIPE_PAGES = /^\/menu-detail\/\d+(\.data)?$/;
/** The last opened recipes kept: each is a document and its data. */
export const KEPT_RECIPE_ENTRIES = 40;

export const keepsOffline = (pathname: string) => LIST_PAGES.test(pathname) || RECIPE_PAGES.test(pathname);
