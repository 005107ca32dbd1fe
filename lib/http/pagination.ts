// List paging: limit (default 100, max 500) and offset, with the total in X-Total-Count.
import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

export const pageQuery = z.object({
  limit: z.coerce
    .number({ message: "limit must be a number" })
    .int({ message: "limit must be a whole number" })
    .min(1, { message: "limit must be at least 1" })
    .max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
  offset: z.coerce
    .number({ message: "offset must be a number" })
    .int({ message: "offset must be a whole number" })
    .min(0, { message: "offset must be at least 0" })
    .default(0),
});

export type Page = z.infer<typeof pageQuery>;

export interface PageResult<T> {
  items: T[];
  total: number;
}
