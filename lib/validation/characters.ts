// Which characters a typed text may hold. Control characters (NUL above all) break storage and logs, newlines
// break single-line displays and exports, and invisible format characters (bidi overrides, zero-width marks)
// make one name look like another. No zod here: the light client-side form checks (components/forms/rules.ts)
// use these rules too, and lib/validation/text.ts turns them into schema checks.

export const CONTROL_CHARACTERS_MESSAGE = "Must not contain control characters";

/**
 * - line: one line of text (phone, domain, search, token): no C0 or C1 control at all, newlines and tabs included.
 * - multiline: text that may span lines (address, description): line feeds, CRLF and tabs only.
 * - name: a person's, organisation's or role's name: one line and no invisible format characters either.
 * - password: a new password: no control at all (none can be typed into a password field).
 * - secret: a password being checked (sign-in, current password): only NUL is refused, so a password set before
 *   these rules still signs in.
 */
export type TextKind = "line" | "multiline" | "name" | "password" | "secret";

// C0 controls, DEL, C1 controls; line and paragraph separators; lone surrogates (not text at all).
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]|\p{Cs}/u;
// As above, minus tab and line feed; a carriage return only as the first half of CRLF.
const MULTILINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]|\r(?!\n)|\p{Cs}/u;
// Format characters (Unicode category Cf): bidi embeddings, overrides and isolates, zero-width space, joiners
// and marks, word joiner, BOM, soft hyphen, invisible operators, tag characters.
const FORMAT = /\p{Cf}/u;
// Zero-width (non-)joiners are spelling in Persian, Arabic and Indic names: allowed between two letters of a
// script that uses them, never in Latin, Greek or Cyrillic text, where they only serve to imitate another name.
const JOINER_IN_WORD =
  /(?<=[\p{M}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Myanmar}\p{Script=Khmer}])[\u200C\u200D](?=[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Myanmar}\p{Script=Khmer}])/gu;

/** True when `value` holds a character its kind of field refuses. */
export function hasForbiddenCharacters(value: string, kind: TextKind): boolean {
  switch (kind) {
    case "secret":
      return value.includes("\u0000");
    case "multiline":
      return MULTILINE_CONTROL.test(value);
    case "name":
      return ANY_CONTROL.test(value) || FORMAT.test(value.replace(JOINER_IN_WORD, ""));
    case "line":
    case "password":
      return ANY_CONTROL.test(value);
  }
}
