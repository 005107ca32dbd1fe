/** Rows per page of the admin lists; the server renders the first page with it, the client pages with it. */
export const ADMIN_PAGE_SIZE = 20;
