/** The avatar button's look: the menu's trigger (user-menu.tsx) and its stand-in until it loads (lazy-user-menu.tsx). */
export const USER_MENU_TRIGGER_CLASSES =
  "flex items-center gap-3 rounded-full p-0.5 transition-shadow hover:ring-4 hover:ring-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:ring-4 data-[state=open]:ring-brand-100";
