// The account calls of spec section 7, through the one browser fetch helper.
import { api } from "@/lib/http/client";
import type { CurrentSession, InvitationDetails, LoginResponse, MessageResponse } from "./types";

export interface RegistrationPayload {
  tenant_name: string;
  domain?: string;
  admin_full_name: string;
  admin_email: string;
  admin_phone: string;
  admin_address: string;
  admin_password: string;
}

export interface InvitationAcceptPayload {
  token: string;
  full_name: string;
  password: string;
  phone?: string;
  address?: string;
}

export const accountApi = {
  login: (email: string, password: string, rememberMe = false) =>
    api.post<LoginResponse>("/auth/login", { email, password, remember_me: rememberMe }),
  logout: () => api.post<void>("/auth/logout"),
  me: () => api.get<CurrentSession>("/auth/me"),
  register: (payload: RegistrationPayload) =>
    api.post<MessageResponse & { tenant_id: string; user_id: string }>("/auth/register", { ...payload }),
  verifyEmail: (token: string) => api.post<MessageResponse>("/auth/verify-email", { token }),
  requestPasswordReset: (email: string) => api.post<MessageResponse>("/password/request-reset", { email }),
  resetPassword: (token: string, newPassword: string) =>
    api.post<MessageResponse>("/password/reset", { token, new_password: newPassword }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.post<MessageResponse>("/password/change", { current_password: currentPassword, new_password: newPassword }),
  verifyInvitation: (token: string) => api.get<InvitationDetails>(`/invitations/verify/${encodeURIComponent(token)}`),
  acceptInvitation: (payload: InvitationAcceptPayload) =>
    api.post<MessageResponse & { email: string }>("/invitations/accept", { ...payload }),
};
