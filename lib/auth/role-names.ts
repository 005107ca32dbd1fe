// Role names reserved for the built-in roles. A name gives no power (the built-in identity does), but a role
// that looks like "Super Admin" in a list misleads the people who read it, so the built-in names are reserved
// in every disguise: case, spacing, punctuation, compatibility forms, invisible characters and look-alikes.
import { remove as removeConfusables } from "confusables";
import { ROLE_NAMES, type RoleBuiltin } from "./permissions";

// Invisible characters: format characters (zero-width space and joiners, bidi controls, soft hyphen) and the
// other default-ignorable code points, some of which are letters (Hangul fillers).
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const NOT_A_LETTER = /\P{L}/gu;

// Look-alikes within plain Latin that the confusables table leaves alone: "rn" reads as "m", "l" (and the
// dotless i, which the table turns into "l") as "i".
const LATIN_LOOK_ALIKES: readonly [RegExp, string][] = [
  [/rn/g, "m"],
  [/l/g, "i"],
];

/** What a role name looks like, reduced to plain lower-case letters: equal skeletons read the same. */
export function roleNameSkeleton(name: string): string {
  let skeleton = removeConfusables(name.normalize("NFKC").replace(INVISIBLE, "")).normalize("NFKC").toLowerCase();
  skeleton = skeleton.normalize("NFKD").replace(NOT_A_LETTER, "");
  for (const [pattern, replacement] of LATIN_LOOK_ALIKES) skeleton = skeleton.replace(pattern, replacement);
  return skeleton;
}

const RESERVED: readonly [string, RoleBuiltin][] = [
  [roleNameSkeleton(ROLE_NAMES.SUPER_ADMIN), "super_admin"],
  [roleNameSkeleton(ROLE_NAMES.TENANT_ADMIN), "tenant_admin"],
  [roleNameSkeleton(ROLE_NAMES.TENANT_USER), "tenant_user"],
];

/** The built-in role whose name `name` imitates, or null when the name is free. */
export function reservedRoleName(name: string): RoleBuiltin | null {
  const skeleton = roleNameSkeleton(name);
  return RESERVED.find(([reserved]) => reserved === skeleton)?.[1] ?? null;
}
