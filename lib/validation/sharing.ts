// Schemas of sharing (spec section 7: share calls, the shared presentation) and the spec's messages.
import { z } from "zod";

export const SHARING_MESSAGES = {
  /** Spec section 5: sharing needs a completed presentation (and, section 4, completed audio). */
  notReady: "Presentation is not ready for sharing",
  /** Unknown, revoked, or a token of a presentation no longer there: all look the same. */
  linkNotFound: "This presentation is no longer available or the link has expired.",
  /** Spec section 8, shared load, 400. */
  notViewable: "This presentation is not yet ready for viewing.",
  noLiveLink: "This presentation has no share link",
} as const;

/**
 * A share token as issued (32 random bytes, base64url: 43 characters). Anything else cannot be one, and is answered
 * like an unknown token (404), not with a validation error that would tell a guesser the shape.
 */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const shareTokenParams = z.object({ token: z.string().max(200) });

/** POST /presentations/{id}/share: optionally, whether search engines may index the shared page. */
export const shareLinkBody = z
  .object({ search_indexing: z.boolean().optional() })
  .strict();
export type ShareLinkInput = z.infer<typeof shareLinkBody>;
