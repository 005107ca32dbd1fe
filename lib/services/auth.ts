// Accounts and sessions: sign-in, token refresh and rotation, sign-out, organisation registration, e-mail
// verification, password reset and change, and the signed-in user's own profile.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { authTokens, refreshTokens, tenants, userRoles, users, type AuthToken, type Tenant, type User } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { ROLE_NAMES } from "@/lib/auth/permissions";
import { consume, refund, reset } from "@/lib/auth/rate-limit";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  EMAIL_VERIFICATION_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  randomToken,
  sha256,
  signAccessToken,
} from "@/lib/auth/tokens";
import type { SessionClaims } from "@/lib/auth/session-cookie";
import { BadRequest, Conflict, Forbidden, NotFound, Unauthorized } from "@/lib/errors";
import { enqueue } from "@/lib/jobs/queue";
import { logger } from "@/lib/log";
import { sendMail } from "@/lib/mail/transport";
import { passwordResetMail, registrationAttemptMail, verificationMail } from "@/lib/mail/templates";
import type { LoginInput, RegisterInput } from "@/lib/validation/auth";
import { deriveDomain } from "@/lib/validation/tenant";
import { ensureRole } from "@/db/seed";
import { permissions } from "@/db/schema";
import { accessUserColumns, loadUserAccess, sessionIdleSeconds, sessionView, userOut, type SessionView, type UserAccess } from "./access";
import { recordActivity } from "./activity";

export const AUTH_MESSAGES = {
  badCredentials: "Incorrect email or password",
  emailNotVerified: "Please verify your email address before signing in.",
  awaitingApproval: "Your organization is awaiting approval by a platform administrator.",
  tenantInactive: "Your organization is inactive. Please contact support.",
  userInactive: "Your account is inactive. Please contact your administrator.",
  invalidRefresh: "Invalid or expired refresh token. Please sign in again.",
  refreshReuse: "This session was ended for your security. Please sign in again.",
  emailInUse: "This e-mail address is already in use by another account.",
  emailChanged: (email: string) => `Your e-mail address is now ${email}. Use it to sign in.`,
  domainTaken: "A tenant with this domain already exists",
  invalidVerification: "This verification link is invalid or has expired.",
  usedVerification: "This verification link has already been used.",
  invalidReset: "This reset link is invalid or has expired.",
  wrongCurrentPassword: "Current password is incorrect",
  registered: "Registration successful. Please check your email to verify your account. After verification, a super admin will review your tenant registration.",
  verified: "Email verified successfully. A platform administrator will review your organization's registration.",
  resetRequested: "If the email exists, a reset link has been sent.",
  resetDone: "Password reset successfully. Please log in with your new password.",
  passwordChanged: "Password changed successfully",
} as const;

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: "bearer";
  expires_in: number;
}

export type LoginResponse = TokenPair & SessionView;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** SQL: the refresh-token row was last used longer ago than its session's idle limit ('Keep me logged in' or not). */
function idleTooLong() {
  return sql<boolean>`${refreshTokens.lastUsedAt} <= now() - make_interval(secs => ${sessionIdleSeconds})`;
}

let timingHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown address takes as long as a wrong password. */
async function spendPasswordCheck(password: string): Promise<void> {
  timingHash ??= hashPassword(randomToken());
  await verifyPassword(await timingHash, password);
}

/** Why a user may not hold a session, or null when they may. */
function refusal(access: UserAccess): string | null {
  if (!access.user.emailVerifiedAt) return AUTH_MESSAGES.emailNotVerified;
  if (!access.tenant.isActive) return access.tenant.approvedAt ? AUTH_MESSAGES.tenantInactive : AUTH_MESSAGES.awaitingApproval;
  if (!access.user.isActive) return AUTH_MESSAGES.userInactive;
  return null;
}

/** The session's next token. `persistent` ('Keep me logged in') sets its idle limit; its last use is now. */
async function issueTokens(
  tx: Tx,
  access: UserAccess,
  session: { familyId: string; expiresAt: Date; persistent: boolean },
  userAgent: string | null,
): Promise<TokenPair> {
  const refreshToken = randomToken();
  await tx.insert(refreshTokens).values({
    userId: access.user.id,
    familyId: session.familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: session.expiresAt,
    persistent: session.persistent,
    userAgent: userAgent?.slice(0, 400) ?? null,
  });
  return {
    access_token: await signAccessToken({ userId: access.user.id, tenantId: access.user.tenantId, sessionId: session.familyId }),
    refresh_token: refreshToken,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}

export async function login(input: LoginInput, meta: RequestMeta): Promise<{ response: LoginResponse; session: SessionClaims }> {
  const email = normaliseEmail(input.email);
  const emailFromIp = `${email} ${meta.ip}`;
  await consume("loginByIp", meta.ip);
  await consume("loginByEmailAndIp", emailFromIp);
  await consume("loginByEmail", email);
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) {
    await spendPasswordCheck(input.password);
    throw new Unauthorized(AUTH_MESSAGES.badCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new Unauthorized(AUTH_MESSAGES.badCredentials);
  const access = await loadUserAccess(db, user.id);
  if (!access) throw new Unauthorized(AUTH_MESSAGES.badCredentials);
  const refused = refusal(access);
  if (refused) throw new Forbidden(refused);

  const familyId = randomUUID();
  const tokens = await db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    await recordActivity(tx, {
      tenantId: user.tenantId,
      actorUserId: user.id,
      action: "user.signed_in",
      summary: `${user.fullName ?? user.email} signed in`,
      subjectType: "user",
      subjectId: user.id,
    });
    // API clients that do not send remember_me get the 12-hour idle limit, like a browser without the box ticked.
    const session = { familyId, expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS), persistent: input.remember_me };
    return issueTokens(tx, access, session, meta.userAgent);
  });
  // This network's failures are forgotten; the address-wide ceiling keeps counting the failures from elsewhere
  // (a distributed guess), only this success is given back.
  await reset("loginByEmailAndIp", emailFromIp);
  await refund("loginByEmail", email);
  return {
    response: { ...tokens, ...sessionView(access) },
    session: { userId: user.id, sessionId: familyId, persistent: input.remember_me },
  };
}

async function revokeFamily(tx: Tx, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Exchanges a refresh token for a new pair. The old token is spent; presenting a spent token again means it was
 * stolen or replayed, so the whole family (session) is revoked.
 */
export async function refresh(refreshToken: string, meta: RequestMeta): Promise<TokenPair> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ token: refreshTokens, idle: idleTooLong() })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
      .limit(1);
    const token = found?.token;
    if (!token || token.revokedAt || token.expiresAt <= new Date()) return { error: AUTH_MESSAGES.invalidRefresh } as const;
    // The session's current token, unused for longer than its idle limit: the session is over (and stays so,
    // since nothing can touch it any more). A replayed old token is caught below.
    if (found.idle && !token.usedAt) return { error: AUTH_MESSAGES.invalidRefresh } as const;
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) {
      await revokeFamily(tx, token.familyId);
      logger.warn({ userId: token.userId, familyId: token.familyId }, "refresh token reuse: session revoked");
      return { error: AUTH_MESSAGES.refreshReuse } as const;
    }
    const access = await loadUserAccess(tx, token.userId);
    if (!access) return { error: AUTH_MESSAGES.invalidRefresh } as const;
    const refused = refusal(access);
    if (refused) {
      await revokeFamily(tx, token.familyId);
      return { error: refused } as const;
    }
    const session = { familyId: token.familyId, expiresAt: token.expiresAt, persistent: token.persistent };
    return { tokens: await issueTokens(tx, access, session, meta.userAgent) } as const;
  });
  if ("error" in outcome) throw new Unauthorized(outcome.error);
  return outcome.tokens;
}

/** Ends the session of the request, and the family of a refresh token when one is given. */
export async function logout(actor: Actor | null, refreshToken: string | undefined): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (actor?.sessionId) await revokeFamily(tx, actor.sessionId);
    if (refreshToken) {
      const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(refreshToken))).limit(1);
      if (token) await revokeFamily(tx, token.familyId);
    }
  });
}

async function revokeAllSessions(tx: Tx, userId: string, keepFamilyId: string | null): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (keepFamilyId) conditions.push(ne(refreshTokens.familyId, keepFamilyId));
  await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(and(...conditions));
}

/** Picks a free domain: the requested one (409 if taken), or the derived one with a numeric suffix if needed. */
async function availableDomain(tx: Tx, requested: string | null, tenantName: string): Promise<string | null> {
  const taken = async (domain: string) =>
    (await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.domain, domain)).limit(1)).length > 0;
  if (requested) {
    const domain = requested.toLowerCase();
    if (await taken(domain)) throw new Conflict(AUTH_MESSAGES.domainTaken);
    return domain;
  }
  const base = deriveDomain(tenantName);
  if (!base) return null;
  for (let suffix = 1; ; suffix += 1) {
    const candidate = suffix === 1 ? base : `${base.slice(0, 50 - String(suffix).length - 1)}-${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
}

type EmailTokenPurpose = AuthToken["purpose"];

/**
 * A single-use link token for a user's mailbox; `newEmail` is the address an 'email_change' link confirms.
 * A new link voids the earlier unused ones of the same purpose.
 */
export async function issueEmailToken(tx: Tx, userId: string, purpose: EmailTokenPurpose, ttlMs: number, newEmail: string | null = null) {
  const token = randomToken();
  await tx
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
  await tx.insert(authTokens).values({ userId, purpose, newEmail, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** Voids every unused link of a user, e.g. once the links went to an address the account no longer has. */
async function voidEmailTokens(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
}

/** True for PostgreSQL's unique violation, however the driver or Drizzle wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Self-registration: an inactive tenant, its Tenant Admin role and admin user, and a verification e-mail.
 * An address that already has an account gets the same answer (201, a message and two ids, here random ones that
 * lead nowhere) so the form cannot be used to find accounts; its owner is mailed a notice instead. Both paths
 * hash the password, check the domain and send one mail.
 */
export async function register(input: RegisterInput, meta: RequestMeta) {
  const email = normaliseEmail(input.admin_email);
  // Like the schema's rules, a refused password is not an attempt that counts against the limits.
  assertPasswordAllowed(input.admin_password, email, "admin_password");
  await consume("registerByIp", meta.ip);
  await consume("registerByEmail", email);
  const db = await getDb();
  const passwordHash = await hashPassword(input.admin_password);
  let outcome: { created: { tenant: Tenant; user: User } } | { existing: Pick<User, "fullName"> };
  try {
    outcome = await db.transaction(async (tx) => {
      // The domain first: a taken domain answers 409 whether or not the address has an account.
      const domain = await availableDomain(tx, input.domain, input.tenant_name);
      const [existing] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.email, email)).limit(1);
      if (existing) return { existing };
      const [tenant] = await tx.insert(tenants).values({ name: input.tenant_name, domain, isActive: false }).returning();
      if (!tenant) throw new Error("tenant insert returned nothing");
      const permissionIds = new Map(
        (await tx.select({ id: permissions.id, name: permissions.name }).from(permissions)).map((row) => [row.name, row.id]),
      );
      const roleId = await ensureRole(tx, ROLE_NAMES.TENANT_ADMIN, tenant.id, permissionIds);
      const [user] = await tx
        .insert(users)
        .values({
          tenantId: tenant.id,
          email,
          passwordHash,
          fullName: input.admin_full_name,
          phone: input.admin_phone,
          address: input.admin_address,
          isActive: true,
        })
        .returning();
      if (!user) throw new Error("user insert returned nothing");
      await tx.insert(userRoles).values({ userId: user.id, roleId });
      const token = await issueEmailToken(tx, user.id, "email_verification", EMAIL_VERIFICATION_TTL_MS);
      await recordActivity(tx, {
        tenantId: tenant.id,
        actorUserId: user.id,
        action: "tenant.registered",
        summary: `${input.admin_full_name} registered ${tenant.name}`,
        subjectType: "tenant",
        subjectId: tenant.id,
      });
      // Sent last, inside the transaction: if the mail cannot be sent, nothing of the registration is kept.
      await sendMail(verificationMail({ to: email, fullName: user.fullName, tenantName: tenant.name, token }));
      return { created: { tenant, user } };
    });
  } catch (error) {
    // The same address registered by a concurrent request between the check and the insert.
    if (!isUniqueViolation(error)) throw error;
    const [existing] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.email, email)).limit(1);
    if (!existing) throw error;
    outcome = { existing };
  }
  if ("existing" in outcome) {
    await sendMail(registrationAttemptMail({ to: email, fullName: outcome.existing.fullName }));
    return { message: AUTH_MESSAGES.registered, tenant_id: randomUUID(), user_id: randomUUID() };
  }
  const { tenant, user } = outcome.created;
  return { message: AUTH_MESSAGES.registered, tenant_id: tenant.id, user_id: user.id };
}

/** Spends a single-use e-mail token of one of `purposes`; the callback runs in the same transaction. */
async function spendEmailToken<T>(
  token: string,
  purposes: EmailTokenPurpose[],
  invalid: string,
  used: string,
  action: (tx: Tx, row: AuthToken) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, sha256(token)), inArray(authTokens.purpose, purposes)))
      .limit(1);
    if (!row || row.expiresAt <= new Date()) throw new BadRequest(invalid);
    const spent = await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
      .returning({ id: authTokens.id });
    if (spent.length === 0) throw new BadRequest(used);
    return action(tx, row);
  });
}

/**
 * Follows a link from /verify-email: a registrant's verification, or the confirmation of a new address (the
 * token says which). A new address is taken only if it is still free; otherwise 409 and nothing changes.
 */
export async function verifyEmail(token: string): Promise<{ message: string }> {
  return spendEmailToken(
    token,
    ["email_verification", "email_change"],
    AUTH_MESSAGES.invalidVerification,
    AUTH_MESSAGES.usedVerification,
    (tx, row) => (row.purpose === "email_change" ? confirmEmailChange(tx, row) : confirmAddress(tx, row.userId)),
  );
}

async function confirmAddress(tx: Tx, userId: string): Promise<{ message: string }> {
  const [user] = await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId))
    .returning();
  if (user) {
    await recordActivity(tx, {
      tenantId: user.tenantId,
      actorUserId: user.id,
      action: "user.email_verified",
      summary: `${user.fullName ?? user.email} verified their e-mail address`,
      subjectType: "user",
      subjectId: user.id,
    });
  }
  return { message: AUTH_MESSAGES.verified };
}

async function confirmEmailChange(tx: Tx, row: AuthToken): Promise<{ message: string }> {
  const newEmail = row.newEmail;
  const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
  // A later change replaced the address this link confirms (its link voided this one), or it was withdrawn.
  if (!newEmail || !user || user.pendingEmail !== newEmail) throw new BadRequest(AUTH_MESSAGES.invalidVerification);
  const holder = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, newEmail), ne(users.id, user.id)))
    .limit(1);
  if (holder.length > 0) throw new Conflict(AUTH_MESSAGES.emailInUse);
  try {
    await tx
      .update(users)
      .set({ email: newEmail, pendingEmail: null, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, user.id));
  } catch (error) {
    // Taken by another account between the check and the update.
    if (isUniqueViolation(error)) throw new Conflict(AUTH_MESSAGES.emailInUse);
    throw error;
  }
  // Reset and verification links went to the old address: they no longer belong to this account.
  await voidEmailTokens(tx, user.id);
  await recordActivity(tx, {
    tenantId: user.tenantId,
    actorUserId: user.id,
    action: "user.email_changed",
    summary: `${user.fullName ?? user.email} confirmed a new e-mail address`,
    subjectType: "user",
    subjectId: user.id,
  });
  return { message: AUTH_MESSAGES.emailChanged(newEmail) };
}

/** The queue of the reset-link mails (lib/jobs/workers.ts); a job's data is the address typed, never a token. */
export const PASSWORD_RESET_JOB = "password-reset-mail";

/**
 * Always the same answer, whether or not the address exists, so the form cannot be used to probe accounts. The
 * request does the same work either way (the limits, then one job); the job looks the address up and mails.
 */
export async function requestPasswordReset(rawEmail: string, meta: RequestMeta) {
  const email = normaliseEmail(rawEmail);
  await consume("resetByIp", meta.ip);
  await consume("resetByEmail", email);
  await enqueue(PASSWORD_RESET_JOB, { email });
  return { message: AUTH_MESSAGES.resetRequested };
}

/** The reset job: a link for an active account's address; nothing at all for an unknown or inactive one. */
export async function sendPasswordResetLink(email: string): Promise<void> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, normaliseEmail(email))).limit(1);
  if (!user || !user.isActive) return;
  const token = await db.transaction((tx) => issueEmailToken(tx, user.id, "password_reset", PASSWORD_RESET_TTL_MS));
  await sendMail(passwordResetMail({ to: user.email, fullName: user.fullName, token }));
}

/** Sets a new password from a reset link and ends every session of the account. */
export async function resetPassword(token: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  await spendEmailToken(token, ["password_reset"], AUTH_MESSAGES.invalidReset, AUTH_MESSAGES.invalidReset, async (tx, { userId }) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new BadRequest(AUTH_MESSAGES.invalidReset);
    assertPasswordAllowed(newPassword, user.email, "new_password");
    // Following the link proves the mailbox, so it also counts as e-mail verification.
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId, null);
  });
  return { message: AUTH_MESSAGES.resetDone };
}

/** Changes the password of the signed-in user; other sessions end, the current one stays. */
export async function changePassword(actor: Actor, currentPassword: string, newPassword: string) {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!user) throw new NotFound("User not found");
  assertPasswordAllowed(newPassword, user.email, "new_password");
  if (!(await verifyPassword(user.passwordHash, currentPassword))) throw new BadRequest(AUTH_MESSAGES.wrongCurrentPassword);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, actor.sessionId);
    await recordActivity(tx, {
      tenantId: user.tenantId,
      actorUserId: user.id,
      action: "user.password_changed",
      summary: `${user.fullName ?? user.email} changed their password`,
      subjectType: "user",
      subjectId: user.id,
    });
  });
  return { message: AUTH_MESSAGES.passwordChanged };
}

/** The signed-in user as GET /auth/me shows it: loaded with the actor, so answering costs no statement. */
export function currentSession(actor: Actor): SessionView {
  return actor.view;
}

/** Changes the caller's own profile in one statement; roles and permissions are the actor's, loaded just before. */
export async function updateProfile(
  actor: Actor,
  input: { full_name?: string; phone?: string | null; address?: string | null },
): Promise<SessionView> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.full_name !== undefined) changes.fullName = input.full_name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.address !== undefined) changes.address = input.address;
  if (Object.keys(changes).length === 0) return actor.view;
  const db = await getDb();
  // The answer is the row as written (returning), so it cannot fail once the change is made.
  const [user] = await db.update(users).set(changes).where(eq(users.id, actor.userId)).returning(accessUserColumns);
  if (!user) throw new Unauthorized();
  return { ...actor.view, user: userOut({ user, role: actor.role, tenant: { name: actor.view.user.tenant_name } }) };
}
