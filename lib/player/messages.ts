// The player's load failure messages (spec section 8: the signed-in and shared lists differ), read by the player
// in the browser and by the server's notice page for a shared link (lib/http/share-page.ts).
export const SHARED_LOAD_MESSAGES = {
  gone: "This presentation is no longer available or the link has expired.",
  notReady: "This presentation is not yet ready for viewing.",
  other: "An error occurred while loading the presentation.",
} as const;

export const SIGNED_IN_LOAD_MESSAGES = {
  timeout: "The presentation is taking too long to load. Please check your connection and try again.",
  notFound: "Presentation not found or you do not have access to it.",
  forbidden: "You do not have permission to view this presentation.",
  notReady: "This presentation is not yet ready for viewing.",
  network: "Network error. Please check your internet connection and try again.",
  other: "An error occurred while loading the presentation. Please try again.",
} as const;
