/** How the profile reads on screen, apart from its schema (profile-schema.ts) so that the settings screen carries no zod. */

/** The profile screens' and calls' results. */
export const PROFILE_MESSAGES = {
  updated: "User info updated successfully",
  updateFailed: "Failed to update user info.",
  deleted: "Account deleted successfully",
  deleteFailed: "Failed to delete account. Please try again.",
} as const;

/** Without JavaScript, "Delete Account" leads to /setting with this query: the same confirmation, drawn by the server. */
export const CONFIRM_DELETE_QUERY = "confirm=delete";

export function formatAllergies(allergies: readonly string[]): string {
  return allergies.join(", ");
}
