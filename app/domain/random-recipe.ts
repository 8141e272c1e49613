/** START RANDOM's message when no recipe came: shown by the button with JavaScript, by Home's action without. */
export const RANDOM_MENU_FAILED = "Failed to generate menu. Please try again.";
