"use client";

import { Download, Plus, UsersRound } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { PageHeader } from "@/components/admin/page-header";
import { Pagination } from "@/components/admin/pagination";
import { SearchInput } from "@/components/admin/search-input";
import { ADMIN_PAGE_SIZE } from "@/components/admin/page-size";
import { useApiList, type InitialPage } from "@/components/admin/use-api-list";
import { useDebounced } from "@/components/admin/use-debounced";
import { useCurrentUser } from "@/components/auth/current-user";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { ListStates } from "@/components/admin/list-states";
import { toast } from "@/components/ui/use-toast";
import { getErrorMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import { downloadUsersCsv, fetchAllUsers } from "./export-users";
import { ROLE_FILTERS, STATUS_FILTERS, type UserRow } from "./types";
import { RowActions, UserList } from "./user-list";

// The user and permission dialogs (forms, a schema, Radix parts) render nothing until opened: they load after the
// page, not with it.
const UserFormDialog = dynamic(() => import("./user-form-dialog").then((module) => module.UserFormDialog), { ssr: false });
const PermissionsDialog = dynamic(() => import("./permissions-dialog").then((module) => module.PermissionsDialog), { ssr: false });

const PAGE_SIZE = ADMIN_PAGE_SIZE;

/**
 * User Management (spec section 2): filters, paging, create/edit, delete, invitations, permissions, CSV export.
 * `initial` is the first page (no filter) as the server read it; every later page, filter or reload is fetched.
 */
export function UserManagement({ initial }: { initial?: InitialPage<UserRow> }) {
  const session = useCurrentUser();
  const me = session.user;
  const isSuperAdmin = me.role === "super_admin";

  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim());
  const [role, setRole] = useState("all");
  const [status, setStatus] = useState("all");
  const [page, setPage] = useState(0);
  const [formTarget, setFormTarget] = useState<UserRow | "new" | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const [revoking, setRevoking] = useState<UserRow | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const filters = new URLSearchParams();
  if (query) filters.set("search", query);
  if (role !== "all") filters.set("role", role);
  if (status !== "all") filters.set("status", status);
  const pageParams = new URLSearchParams(filters);
  pageParams.set("limit", String(PAGE_SIZE));
  pageParams.set("offset", String(page * PAGE_SIZE));

  const { items: users, total, error, reload } = useApiList<UserRow>(`/users?${pageParams}`, (failure) =>
    toast({ variant: "destructive", title: "Failed to fetch users", description: getErrorMessage(failure) }),
    initial,
  );

  const roleFilters = ROLE_FILTERS.filter((option) => isSuperAdmin || option.value !== "super_admin");

  async function remove(user: UserRow) {
    try {
      await api.delete(`/users/${user.id}`);
      toast({ title: "User Deleted", description: `${user.full_name || user.email} was deleted.` });
      reload();
    } catch (failure) {
      toast({ variant: "destructive", title: "Failed to delete user", description: getErrorMessage(failure) });
      throw failure;
    }
  }

  async function revoke(user: UserRow) {
    try {
      await api.delete(`/invitations/${user.invitation_id ?? user.id}`);
      toast({ title: "Invitation Revoked", description: `The invitation to ${user.email} was revoked.` });
      reload();
    } catch (failure) {
      toast({ variant: "destructive", title: "Failed to revoke invitation", description: getErrorMessage(failure) });
      throw failure;
    }
  }

  async function resend(user: UserRow) {
    setBusyId(user.id);
    try {
      await api.post(`/invitations/${user.invitation_id ?? user.id}/resend`);
      toast({ title: "Invitation Sent", description: `Invitation sent successfully to ${user.email}` });
      reload();
    } catch (failure) {
      toast({ variant: "destructive", title: "Failed to resend invitation", description: getErrorMessage(failure) });
    } finally {
      setBusyId(null);
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const all = await fetchAllUsers(filters);
      if (all.length === 0) {
        toast({ title: "No Users to Export", description: "There are no users available to export." });
        return;
      }
      downloadUsersCsv(all);
      toast({ title: "Export Successful", description: `Successfully exported ${all.length} users to CSV file.` });
    } catch {
      toast({ variant: "destructive", title: "Export Failed", description: "Failed to export user list. Please try again." });
    } finally {
      setExporting(false);
    }
  }

  const actions = (user: UserRow) => (
    <RowActions
      user={user}
      self={user.id === me.id}
      busy={busyId === user.id}
      onEdit={setFormTarget}
      onPermissions={setPermissionsOf}
      onDelete={setDeleting}
      onResend={resend}
      onRevoke={setRevoking}
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="User Management"
        description={isSuperAdmin ? "Users of every organization on the platform." : "The members of your organization, their roles and permissions."}
        actions={
          <>
            <Button variant="outline" onClick={exportCsv} disabled={exporting || users === null} aria-busy={exporting}>
              <Download className="h-4 w-4" aria-hidden />
              {exporting ? "Exporting..." : "Export CSV"}
            </Button>
            {me.role === "tenant_admin" ? (
              <Button onClick={() => setFormTarget("new")}>
                <Plus className="h-4 w-4" aria-hidden />
                Create User
              </Button>
            ) : null}
          </>
        }
      />

      <Card className="overflow-hidden">
        <div className="grid gap-3 border-b border-slate-100 p-4 sm:grid-cols-[minmax(0,1fr)_11rem_11rem]">
          <SearchInput
            label="Search users"
            placeholder="Search by name or email"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(0);
            }}
          />
          <Select
            aria-label="Filter by role"
            value={role}
            options={roleFilters}
            onChange={(event) => {
              setRole(event.target.value);
              setPage(0);
            }}
          />
          <Select
            aria-label="Filter by status"
            value={status}
            options={STATUS_FILTERS}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(0);
            }}
          />
        </div>

        <ListStates
          items={users}
          failed={error !== null}
          failure="Failed to fetch users"
          loadingLabel="Loading users"
          skeletonRows={5}
          empty={{ icon: UsersRound, title: "No users found", hint: "Try another search or filter." }}
        >
          {(users) => <UserList users={users} selfId={me.id} showTenant={isSuperAdmin} renderActions={actions} />}
        </ListStates>
        {users && users.length > 0 ? <Pagination page={page} pageSize={PAGE_SIZE} total={total} noun="users" onPageChange={setPage} /> : null}
      </Card>

      <UserFormDialog target={formTarget} actorRole={me.role} actorId={me.id} onOpenChange={(open) => !open && setFormTarget(null)} onSaved={reload} />
      <PermissionsDialog
        user={permissionsOf}
        actorPermissions={session.permissions}
        actorIsSuperAdmin={isSuperAdmin}
        actorId={me.id}
        onOpenChange={(open) => !open && setPermissionsOf(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete User"
        description={
          <>
            Delete <strong className="font-semibold text-slate-700">{deleting?.full_name || deleting?.email}</strong>? They lose access at once; this
            cannot be undone.
          </>
        }
        confirmLabel="Delete User"
        busyLabel="Deleting..."
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke Invitation"
        description={
          <>
            Revoke the invitation to <strong className="font-semibold text-slate-700">{revoking?.email}</strong>? The link in their e-mail stops
            working.
          </>
        }
        confirmLabel="Revoke Invitation"
        busyLabel="Revoking..."
        onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve())}
      />
    </div>
  );
}
