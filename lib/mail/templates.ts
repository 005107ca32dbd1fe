// The account e-mails: verification, welcome on approval, password reset, invitation and e-mail change. Plain
// text and HTML.
import { env } from "@/lib/env";
import { PRODUCT_NAME } from "@/lib/brand";
import type { MailMessage } from "./transport";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function appLink(pathname: string, params: Record<string, string> = {}): string {
  const url = new URL(pathname, env().APP_URL);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

interface Layout {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}

function compose({ to, subject, greeting, paragraphs, action, footer }: Layout): MailMessage {
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(footer ? [footer, ""] : []),
    `— ${PRODUCT_NAME}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:Inter,Segoe UI,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border:1px solid #e2e8f0;border-radius:12px">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e2e8f0;font-weight:600;font-size:18px;color:#4338ca">${escapeHtml(PRODUCT_NAME)}</td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.6">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join("\n")}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#64748b">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : ""
}
${footer ? `<p style="margin:16px 0 0;font-size:13px;color:#64748b">${escapeHtml(footer)}</p>` : ""}
</td></tr></table></td></tr></table></body></html>`;
  return { to, subject, text, html, link: action?.url };
}

const hello = (name: string | null | undefined) => (name ? `Hello ${name},` : "Hello,");

export function verificationMail(input: { to: string; fullName: string | null; tenantName: string; token: string }): MailMessage {
  return compose({
    to: input.to,
    subject: `Verify your e-mail address for ${PRODUCT_NAME}`,
    greeting: hello(input.fullName),
    paragraphs: [
      `Thank you for registering ${input.tenantName}. Please confirm that this is your e-mail address.`,
      "After verification, a platform administrator will review your organisation's registration. We will e-mail you as soon as it is approved.",
    ],
    action: { label: "Verify e-mail address", url: appLink("/verify-email", { token: input.token }) },
    footer: "This link is valid for 24 hours. If you did not register, you can ignore this message.",
  });
}

export function welcomeMail(input: { to: string; fullName: string | null; tenantName: string }): MailMessage {
  return compose({
    to: input.to,
    subject: `Welcome to ${PRODUCT_NAME}: ${input.tenantName} is approved`,
    greeting: hello(input.fullName),
    paragraphs: [
      `Good news: your organisation ${input.tenantName} has been approved and is now active.`,
      "You can sign in, create projects and blogs, and invite your team.",
    ],
    action: { label: "Sign in", url: appLink("/") },
  });
}

export function passwordResetMail(input: { to: string; fullName: string | null; token: string }): MailMessage {
  return compose({
    to: input.to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: hello(input.fullName),
    paragraphs: ["We received a request to reset the password of your account."],
    action: { label: "Reset password", url: appLink("/password-reset", { token: input.token }) },
    footer: "This link is valid for 1 hour and can be used once. If you did not ask for it, you can ignore this message; your password stays as it is.",
  });
}

export function invitationMail(input: {
  to: string;
  inviterName: string | null;
  tenantName: string;
  roleName: string;
  token: string;
}): MailMessage {
  return compose({
    to: input.to,
    subject: `You are invited to join ${input.tenantName} on ${PRODUCT_NAME}`,
    greeting: "Hello,",
    paragraphs: [
      `${input.inviterName ?? "An administrator"} has invited you to join ${input.tenantName} as ${input.roleName}.`,
      "Accept the invitation to set your name and password.",
    ],
    action: { label: "Accept invitation", url: appLink("/accept-invitation", { token: input.token }) },
    footer: "This invitation is valid for 7 days.",
  });
}

export function emailChangeMail(input: { to: string; fullName: string | null; currentEmail: string; token: string }): MailMessage {
  return compose({
    to: input.to,
    subject: `Confirm your new e-mail address for ${PRODUCT_NAME}`,
    greeting: hello(input.fullName),
    paragraphs: [
      `Your ${PRODUCT_NAME} account (${input.currentEmail}) is to use this address from now on. Please confirm that it is yours.`,
      "Until you confirm, the account keeps its current address.",
    ],
    action: { label: "Confirm new e-mail address", url: appLink("/verify-email", { token: input.token }) },
    footer: "This link is valid for 24 hours. If you did not expect this message, you can ignore it; nothing changes.",
  });
}

export function emailChangeNoticeMail(input: { to: string; fullName: string | null; newEmail: string }): MailMessage {
  return compose({
    to: input.to,
    subject: `Your ${PRODUCT_NAME} e-mail address is being changed`,
    greeting: hello(input.fullName),
    paragraphs: [
      `A change of your account's e-mail address to ${input.newEmail} was requested. It takes effect once that address is confirmed from the link we sent to it.`,
      "If you did not ask for this, sign in and change your password, and tell your administrator.",
    ],
  });
}

/** To the owner of an address someone tried to register again: the registration answered as usual. */
export function registrationAttemptMail(input: { to: string; fullName: string | null }): MailMessage {
  return compose({
    to: input.to,
    subject: `A registration attempt with your ${PRODUCT_NAME} address`,
    greeting: hello(input.fullName),
    paragraphs: [
      `Someone tried to register a new organisation on ${PRODUCT_NAME} with this e-mail address, which already has an account. No new account was created.`,
      `If it was you, sign in at ${appLink("/")} with your existing account, or reset your password if you do not remember it.`,
    ],
    action: { label: "Reset password", url: appLink("/password-reset") },
    footer: "If it was not you, you can ignore this message; your account is unchanged.",
  });
}

/** To an invited address that already has an account (in another organisation): there is nothing to accept. */
export function invitationExistingAccountMail(input: { to: string; inviterName: string | null; tenantName: string; roleName: string }): MailMessage {
  return compose({
    to: input.to,
    subject: `You are invited to join ${input.tenantName} on ${PRODUCT_NAME}`,
    greeting: "Hello,",
    paragraphs: [
      `${input.inviterName ?? "An administrator"} has invited you to join ${input.tenantName} as ${input.roleName}.`,
      `This e-mail address already has an account on ${PRODUCT_NAME}, and an address can belong to one account only, so this invitation cannot be accepted with it. To join ${input.tenantName}, ask ${input.inviterName ?? "the administrator"} to invite another address of yours.`,
    ],
    action: { label: "Sign in to your account", url: appLink("/") },
  });
}
