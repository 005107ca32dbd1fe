// Shapes of the account answers the browser reads (GET /auth/me, POST /auth/login; spec section 3).

export type UserRole = "user" | "tenant_admin" | "super_admin";

export interface SessionUser {
  id: string;
  tenant_id: string;
  tenant_name?: string | null;
  email: string;
  full_name: string | null;
  phone?: string | null;
  address?: string | null;
  is_active: boolean;
  role: UserRole;
  status?: string | null;
  created_at?: string | Date | null;
  updated_at?: string | Date | null;
}

export interface SessionRole {
  id: string;
  name: string;
  tenant_id: string | null;
}

export interface CurrentSession {
  user: SessionUser;
  roles: SessionRole[];
  permissions: string[];
}

export interface LoginResponse extends CurrentSession {
  access_token: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
}

export interface MessageResponse {
  message: string;
}

export interface InvitationDetails {
  email: string;
  tenant_name: string;
  role_name: string;
  expires_at: string;
}
