// The character rules of lib/validation/text.ts (`hasForbiddenCharacters`), without its zod import, for the
// client-side form checks; tests/unit/form-rules.test.ts holds the two to the same answers.

export const CONTROL_CHARACTERS_MESSAGE = "Must not contain control characters";

export type TextKind = "line" | "multiline" | "name" | "password" | "secret";

const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]|\p{Cs}/u;
const MULTILINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]|\r(?!\n)|\p{Cs}/u;
const FORMAT = /\p{Cf}/u;
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
