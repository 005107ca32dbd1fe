// The spec's account form messages (sections 3 and 5), verbatim. No zod here: the schemas
// (lib/validation/auth.ts) and the light client-side form checks (components/forms/rules.ts) both use them.

export const MESSAGES = {
  email: "Please enter a valid email address",
  loginPassword: "Password must be at least 6 characters",
  password: "Password must be at least 8 characters",
  passwordsDontMatch: "Passwords don't match",
  companyName: "Company/Organization name must be at least 2 characters",
  fullName: "Full name must be at least 2 characters",
  phone: "Phone number must be at least 10 characters",
  address: "Address must be at least 5 characters",
  currentPasswordRequired: "Current password is required",
  fullNameRequired: "Full name is required",
  invitationPassword: "Password must be at least 8 characters long",
  passwordsDoNotMatch: "Passwords do not match",
  invalidInvitationLink: "Invalid invitation link",
  emailRequired: "Email address is required",
  required: "Required",
} as const;
