"use client";

// The users of User Management (user-management.tsx): a table on wide screens, cards on narrow ones, each user with
// their role, status, tenant (for a super admin) and the actions the page hands in.
import { KeyRound, MailPlus, Pencil, Trash2, UserX } from "lucide-react";
import type { ReactNode } from "react";
import { formatDate } from "@/components/admin/format";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { roleLabel, statusLabel } from "@/lib/csv/users";
import type { UserRow } from "./types";

function StatusBadge({ user }: { user: UserRow }) {
  const label = statusLabel(user);
  return <Badge variant={label === "Active" ? "success" : label === "Invited" ? "warning" : "outline"}>{label}</Badge>;
}

function RoleBadge({ role }: { role: UserRow["role"] }) {
  return <Badge variant={role === "user" ? "outline" : "secondary"}>{roleLabel(role)}</Badge>;
}

interface RowActionsProps {
  user: UserRow;
  self: boolean;
  busy: boolean;
  onEdit: (user: UserRow) => void;
  onPermissions: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
  onResend: (user: UserRow) => void;
  onRevoke: (user: UserRow) => void;
}

export function RowActions({ user, self, busy, onEdit, onPermissions, onDelete, onResend, onRevoke }: RowActionsProps) {
  const who = user.full_name || user.email;
  // Invited users offer only resend and revoke (spec section 2).
  if (user.status === "invited") {
    return (
      <div className="flex flex-wrap items-center justify-end gap-1.5">
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => onResend(user)} aria-label={`Resend invitation to ${user.email}`}>
          <MailPlus className="h-4 w-4" aria-hidden />
          Resend
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          className="text-red-600 hover:bg-red-50 hover:text-red-700"
          onClick={() => onRevoke(user)}
          aria-label={`Revoke invitation to ${user.email}`}
        >
          <UserX className="h-4 w-4" aria-hidden />
          Revoke
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-end gap-1.5">
      <Button variant="ghost" size="sm" onClick={() => onEdit(user)} aria-label={`Edit ${who}`}>
        <Pencil className="h-4 w-4" aria-hidden />
        Edit
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onPermissions(user)} aria-label={`Permissions of ${who}`}>
        <KeyRound className="h-4 w-4" aria-hidden />
        Permissions
      </Button>
      {self ? null : (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-600 hover:bg-red-50 hover:text-red-700"
          onClick={() => onDelete(user)}
          aria-label={`Delete ${who}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          Delete
        </Button>
      )}
    </div>
  );
}

interface UserListProps {
  users: UserRow[];
  /** The signed-in user's id: their row says "(you)". */
  selfId: string;
  /** A super admin sees each user's tenant. */
  showTenant: boolean;
  renderActions: (user: UserRow) => ReactNode;
}

export function UserList({ users, selfId, showTenant, renderActions }: UserListProps) {
  return (
    <>
      <Table containerClassName="hidden lg:block" aria-label="Users">
        <TableHeader>
          <TableRow>
            <TableHead>User</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Status</TableHead>
            {showTenant ? <TableHead>Tenant</TableHead> : null}
            <TableHead>Created</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} data-testid="user-row">
              <TableCell>
                <div className="flex items-center gap-3">
                  <Avatar fullName={user.full_name} email={user.email} size="sm" />
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {user.full_name || <span className="text-slate-400">No name</span>}
                      {user.id === selfId ? <span className="ml-2 text-xs font-normal text-slate-500">(you)</span> : null}
                    </p>
                    <p className="truncate text-xs text-slate-500">{user.email}</p>
                  </div>
                </div>
              </TableCell>
              <TableCell>
                <RoleBadge role={user.role} />
              </TableCell>
              <TableCell>
                <StatusBadge user={user} />
              </TableCell>
              {showTenant ? <TableCell className="text-slate-600">{user.tenant_name ?? "—"}</TableCell> : null}
              <TableCell className="whitespace-nowrap text-slate-500">{formatDate(user.created_at)}</TableCell>
              <TableCell>{renderActions(user)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="divide-y divide-slate-100 lg:hidden" aria-label="Users">
        {users.map((user) => (
          <li key={user.id} className="flex flex-col gap-3 p-4" data-testid="user-card">
            <div className="flex items-start gap-3">
              <Avatar fullName={user.full_name} email={user.email} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium text-slate-900">
                  {user.full_name || <span className="text-slate-400">No name</span>}
                  {user.id === selfId ? <span className="ml-2 text-xs font-normal text-slate-500">(you)</span> : null}
                </p>
                <p className="break-all text-xs text-slate-500">{user.email}</p>
                <div className="mt-2 flex flex-wrap items-center gap-1.5">
                  <RoleBadge role={user.role} />
                  <StatusBadge user={user} />
                  {showTenant && user.tenant_name ? <span className="text-xs text-slate-500">{user.tenant_name}</span> : null}
                </div>
              </div>
            </div>
            <div className="-mx-2">{renderActions(user)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
