// Password change from the profile page, with the auth layer's messages of spec section 8.
import { accountApi } from "@/components/auth/api";
import { errorStatus, getErrorMessage } from "@/lib/errors/messages";
import { TransportError } from "@/lib/http/client";

export const CHANGE_PASSWORD_MESSAGES = {
  network: "Network error: Unable to connect to the server. Please check your internet connection and try again.",
  unauthorized: "Authentication failed. Please log out and log back in, then try again.",
  wrongCurrent: "Current password is incorrect. Please verify and try again.",
} as const;

/** What went wrong, in the words the settings screen shows under 'Password Change Failed'. */
export function changePasswordFailureMessage(error: unknown): string {
  if (error instanceof TransportError && error.kind === "network") return CHANGE_PASSWORD_MESSAGES.network;
  const status = errorStatus(error);
  if (status === 401) return CHANGE_PASSWORD_MESSAGES.unauthorized;
  if (status === 400) return CHANGE_PASSWORD_MESSAGES.wrongCurrent;
  return getErrorMessage(error);
}

/** Changes the password; a request that never reached the server is tried once more (spec section 7). */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  try {
    await accountApi.changePassword(currentPassword, newPassword);
  } catch (error) {
    if (!(error instanceof TransportError && error.kind === "network")) throw error;
    await accountApi.changePassword(currentPassword, newPassword);
  }
}
