"use client";

import { Building2, CheckCircle2, Pencil, Plus, Trash2, Users } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { PlatformSettingsCard } from "@/components/admin/platform-settings-card";
import { formatDate } from "@/components/admin/format";
import { PageHeader } from "@/components/admin/page-header";
import { Pagination } from "@/components/admin/pagination";
import { SearchInput } from "@/components/admin/search-input";
import { ADMIN_PAGE_SIZE } from "@/components/admin/page-size";
import { useApiList, type InitialPage } from "@/components/admin/use-api-list";
import { useDebounced } from "@/components/admin/use-debounced";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ListStates } from "@/components/admin/list-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { getErrorMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import { tenantStatusLabel, type TenantRow } from "./types";

// The tenant forms render nothing until opened: they load after the page, not with it.
const CreateTenantDialog = dynamic(() => import("./tenant-form-dialog").then((module) => module.CreateTenantDialog), { ssr: false });
const EditTenantDialog = dynamic(() => import("./tenant-form-dialog").then((module) => module.EditTenantDialog), { ssr: false });

const PAGE_SIZE = ADMIN_PAGE_SIZE;

function StatusBadge({ tenant }: { tenant: TenantRow }) {
  const label = tenantStatusLabel(tenant);
  return <Badge variant={label === "Active" ? "success" : label === "Pending Approval" ? "warning" : "outline"}>{label}</Badge>;
}

interface RowActionsProps {
  tenant: TenantRow;
  approving: boolean;
  onApprove: (tenant: TenantRow) => void;
  onEdit: (tenant: TenantRow) => void;
  onDelete: (tenant: TenantRow) => void;
}

function RowActions({ tenant, approving, onApprove, onEdit, onDelete }: RowActionsProps) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-1.5">
      {tenant.status === "pending_approval" ? (
        <Button size="sm" onClick={() => onApprove(tenant)} disabled={approving} aria-label={`Approve ${tenant.name}`}>
          <CheckCircle2 className="h-4 w-4" aria-hidden />
          {approving ? "Approving..." : "Approve"}
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" onClick={() => onEdit(tenant)} aria-label={`Edit ${tenant.name}`}>
        <Pencil className="h-4 w-4" aria-hidden />
        <span className="sm:sr-only lg:not-sr-only">Edit</span>
      </Button>
      {tenant.is_platform ? null : (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-600 hover:bg-red-50 hover:text-red-700"
          onClick={() => onDelete(tenant)}
          aria-label={`Delete ${tenant.name}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          <span className="sm:sr-only lg:not-sr-only">Delete</span>
        </Button>
      )}
    </div>
  );
}

/**
 * Tenant Management (spec section 2): list with user counts, search, create, edit, approve, delete. `initial` is
 * the first page (no search) as the server read it; every later page, search or reload is fetched.
 */
export function TenantManagement({ initial }: { initial?: InitialPage<TenantRow> }) {
  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim());
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TenantRow | null>(null);
  const [deleting, setDeleting] = useState<TenantRow | null>(null);
  const [approvingId, setApprovingId] = useState<string | null>(null);

  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE) });
  if (query) params.set("search", query);
  const { items: tenants, total, error: loadError, reload: load } = useApiList<TenantRow>(`/tenants?${params}`, (error) =>
    toast({ variant: "destructive", title: "Failed to fetch tenants", description: getErrorMessage(error) }),
    initial,
  );

  async function approve(tenant: TenantRow) {
    setApprovingId(tenant.id);
    try {
      const answer = await api.post<{ message: string }>(`/tenants/${tenant.id}/approve`);
      toast({ title: "Tenant Approved", description: answer.message });
      load();
    } catch (error) {
      toast({ variant: "destructive", title: "Approval Failed", description: getErrorMessage(error) });
    } finally {
      setApprovingId(null);
    }
  }

  async function remove(tenant: TenantRow) {
    try {
      await api.delete(`/tenants/${tenant.id}`);
      toast({ title: "Tenant Deleted", description: `${tenant.name} and all its data were deleted.` });
      load();
    } catch (error) {
      toast({ variant: "destructive", title: "Failed to delete tenant", description: getErrorMessage(error) });
      throw error;
    }
  }

  const actions = (tenant: TenantRow) => (
    <RowActions tenant={tenant} approving={approvingId === tenant.id} onApprove={approve} onEdit={setEditing} onDelete={setDeleting} />
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Tenant Management"
        description="Organizations on the platform: approve new sign-ups, edit and remove tenants."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            Create Tenant
          </Button>
        }
      />

      <Card className="overflow-hidden">
        <div className="border-b border-slate-100 p-4">
          <div className="max-w-sm">
            <SearchInput label="Search tenants" placeholder="Search by name or domain" value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(0);
              }}
            />
          </div>
        </div>

        <ListStates
          items={tenants}
          failed={loadError !== null}
          failure="Failed to fetch tenants"
          loadingLabel="Loading tenants"
          skeletonRows={4}
          empty={{ icon: Building2, title: "No tenants found", hint: query ? "Try another search." : "Create the first tenant to get started." }}
        >
          {(tenants) => (
            <>
              <Table containerClassName="hidden md:block" aria-label="Tenants">
                <TableHeader>
                  <TableRow>
                    <TableHead>Tenant</TableHead>
                    <TableHead>Users</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Created</TableHead>
                    <TableHead className="text-right">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {tenants.map((tenant) => (
                    <TableRow key={tenant.id} data-testid="tenant-row">
                      <TableCell>
                        <div className="flex items-center gap-3">
                          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                            <Building2 className="h-4 w-4" aria-hidden />
                          </span>
                          <div className="min-w-0">
                            <p className="flex items-center gap-2 font-medium text-slate-900">
                              {tenant.name}
                              {tenant.is_platform ? <Badge variant="secondary">Platform</Badge> : null}
                            </p>
                            <p className="truncate text-xs text-slate-500">{tenant.domain || "No domain"}</p>
                          </div>
                        </div>
                      </TableCell>
                      <TableCell>
                        <span className="inline-flex items-center gap-1.5 tabular-nums">
                          <Users className="h-4 w-4 text-slate-400" aria-hidden />
                          {tenant.user_count}
                        </span>
                      </TableCell>
                      <TableCell>
                        <StatusBadge tenant={tenant} />
                      </TableCell>
                      <TableCell className="whitespace-nowrap text-slate-500">{formatDate(tenant.created_at)}</TableCell>
                      <TableCell>{actions(tenant)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
  
              <ul className="divide-y divide-slate-100 md:hidden" aria-label="Tenants">
                {tenants.map((tenant) => (
                  <li key={tenant.id} className="flex flex-col gap-3 p-4" data-testid="tenant-card">
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                          <span className="break-words">{tenant.name}</span>
                          {tenant.is_platform ? <Badge variant="secondary">Platform</Badge> : null}
                        </p>
                        <p className="break-all text-xs text-slate-500">{tenant.domain || "No domain"}</p>
                      </div>
                      <StatusBadge tenant={tenant} />
                    </div>
                    <div className="flex items-center gap-4 text-xs text-slate-500">
                      <span className="inline-flex items-center gap-1">
                        <Users className="h-3.5 w-3.5" aria-hidden />
                        {tenant.user_count} {tenant.user_count === 1 ? "user" : "users"}
                      </span>
                      <span>Created {formatDate(tenant.created_at)}</span>
                    </div>
                    <div className="-mx-2">{actions(tenant)}</div>
                  </li>
                ))}
              </ul>
  
            </>
          )}
        </ListStates>
        {tenants && tenants.length > 0 ? <Pagination page={page} pageSize={PAGE_SIZE} total={total} noun="tenants" onPageChange={setPage} /> : null}
      </Card>

      <PlatformSettingsCard />

      <CreateTenantDialog open={creating} onOpenChange={setCreating} onSaved={load} />
      <EditTenantDialog tenant={editing} onOpenChange={(open) => !open && setEditing(null)} onSaved={load} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Tenant"
        description={
          <>
            Delete <strong className="font-semibold text-slate-700">{deleting?.name}</strong>? Its users, projects, blogs, presentations and files are
            removed for good.
          </>
        }
        confirmLabel="Delete Tenant"
        busyLabel="Deleting..."
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </div>
  );
}
