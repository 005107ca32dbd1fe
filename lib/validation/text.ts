// Schema checks of the character rules (lib/validation/characters.ts); every string schema in lib/validation uses
// one of these kinds.
import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasForbiddenCharacters, type TextKind } from "./characters";

export { CONTROL_CHARACTERS_MESSAGE, hasForbiddenCharacters, type TextKind };

/** A string schema of the given kind: the character check comes first, and stops the other checks. */
export function textOf(kind: TextKind, message?: string): z.ZodString {
  return z.string(message === undefined ? undefined : { message }).check(charactersOf(kind));
}

/** The character rule as a check, to add after a trim: `z.string().trim().check(charactersOf("name"))`. */
export function charactersOf(kind: TextKind) {
  return z.refine<string>((value) => !hasForbiddenCharacters(value, kind), { message: CONTROL_CHARACTERS_MESSAGE, abort: true });
}
