/**
 * The navigations' icons, apart from the others: every screen's side navigation carries these and no more. Their
 * shapes are markup, which the navigations write in one piece (iconMarkup); HeartIcon and CameraIcon are drawn
 * elsewhere too.
 */
import { iconOf } from "~/components/icon-frame";

export const NAV_ICON_SHAPES = {
  home: '<path d="M3 11l9-8 9 8"></path><path d="M5 10v10h14V10"></path>',
  heart:
    '<path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z"></path>',
  camera:
    '<path d="M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2z"></path><circle cx="12" cy="13" r="4"></circle>',
  history: '<circle cx="12" cy="12" r="9"></circle><path d="M12 7v5l3 3"></path>',
  user: '<circle cx="12" cy="8" r="4"></circle><path d="M4 21c0-4 4-6 8-6s8 2 8 6"></path>',
  calendar: '<rect x="3" y="5" width="18" height="16" rx="2"></rect><path d="M3 10h18M8 3v4M16 3v4"></path>',
  pantry: '<rect x="5" y="2" width="14" height="20" rx="2"></rect><path d="M5 10h14M9 6v1M9 13v3"></path>',
  community:
    '<circle cx="9" cy="8" r="3"></circle><circle cx="17" cy="9" r="2.5"></circle><path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M15 14.5c3 0 6 1.8 6 5"></path>',
  recipeBook:
    '<path d="M4 4.5A1.5 1.5 0 0 1 5.5 3H19v16H5.5A1.5 1.5 0 0 0 4 20.5z"></path><path d="M4 20.5A1.5 1.5 0 0 0 5.5 22H19v-3M9 7h6M9 11h6"></path>',
} as const;

export const HeartIcon = iconOf(NAV_ICON_SHAPES.heart);
export const CameraIcon = iconOf(NAV_ICON_SHAPES.camera);
