/** Cookie that remembers the collapsed sidebar, read by the (app) layout so the first paint is right. */
export const SIDEBAR_COOKIE = "sidebar_collapsed";
