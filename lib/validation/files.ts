// Query of the file routes: the storage key (the spec's path) and an optional download name.
import { z } from "zod";

const key = z.string({ message: "path is required" }).min(1, { message: "path is required" }).max(300);

export const filePathQuery = z.object({ path: key });

export const fileDownloadQuery = z.object({ path: key, filename: z.string().max(255).optional() });

/** Shared reads carry the share link's token (query `token`, or the X-Share-Token header). */
export const sharedFileQuery = z.object({ path: key, token: z.string().max(200).optional() });
