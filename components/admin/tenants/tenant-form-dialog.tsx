"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { useVisibleErrors } from "@/components/auth/form-helpers";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api } from "@/lib/http/client";
import { saveAndClose } from "../save-and-close";
import { deriveDomain } from "@/lib/validation/tenant";
import { tenantCreateInput, tenantUpdateInput } from "@/lib/validation/tenants";
import type { TenantRow } from "./types";

type CreateValues = z.input<typeof tenantCreateInput>;
type UpdateValues = z.input<typeof tenantUpdateInput>;

const EMPTY: CreateValues = { name: "", domain: "", admin_full_name: "", admin_email: "", is_active: true };

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/** New tenant: the domain follows the name (deriveDomain) until the user edits it; the admin is invited by e-mail. */
export function CreateTenantDialog({ open, onOpenChange, onSaved }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Create Tenant</DialogTitle>
          <DialogDescription>Add an organization. Its admin receives an invitation e-mail to set a password.</DialogDescription>
        </DialogHeader>
        {/* Dialog content unmounts when closed, so every opening starts with an empty form. */}
        <CreateTenantForm onCancel={() => onOpenChange(false)} onSaved={onSaved} />
      </DialogContent>
    </Dialog>
  );
}

function CreateTenantForm({ onCancel, onSaved }: { onCancel: () => void; onSaved: () => void }) {
  const form = useForm<CreateValues, unknown, z.output<typeof tenantCreateInput>>({
    resolver: zodResolver(tenantCreateInput),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const [domainEdited, setDomainEdited] = useState(false);
  const visibleError = useVisibleErrors(form);
  const { register, handleSubmit, setValue, formState, control } = form;
  const isActive = useWatch({ control, name: "is_active" });

  const nameField = register("name", {
    onChange: (event: { target: { value: string } }) => {
      if (!domainEdited) setValue("domain", deriveDomain(event.target.value), { shouldValidate: formState.submitCount > 0 });
    },
  });
  const domainField = register("domain", { onChange: () => setDomainEdited(true) });

  const submit = handleSubmit(async (values) => {
    await saveAndClose(() => api.post("/tenants/", values), {
      success: { title: "Tenant Created", description: `${values.name} was created and its admin was invited by e-mail.` },
      failureTitle: "Failed to create tenant",
      onDone: () => {
        onCancel();
        onSaved();
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id="tenant-name" label="Tenant Name" error={visibleError("name")}>
        <Input {...fieldAria("tenant-name", visibleError("name"))} autoComplete="organization" {...nameField} />
      </FormField>
      <FormField id="tenant-domain" label="Domain" error={visibleError("domain")} hint="Derived from the name; it cannot be changed later.">
        <Input {...fieldAria("tenant-domain", visibleError("domain"), "hint")} {...domainField} />
      </FormField>
      <FormField id="tenant-admin-name" label="Admin Full Name" error={visibleError("admin_full_name")}>
        <Input {...fieldAria("tenant-admin-name", visibleError("admin_full_name"))} autoComplete="off" {...register("admin_full_name")} />
      </FormField>
      <FormField id="tenant-admin-email" label="Admin Email" error={visibleError("admin_email")}>
        <Input type="email" {...fieldAria("tenant-admin-email", visibleError("admin_email"))} autoComplete="off" {...register("admin_email")} />
      </FormField>
      <div className="flex items-center gap-2">
        <Checkbox id="tenant-active" checked={isActive === true} onCheckedChange={(checked) => setValue("is_active", checked === true)} />
        <Label htmlFor="tenant-active">Active (approved at once)</Label>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={formState.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
          {formState.isSubmitting ? "Creating..." : "Create Tenant"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Edit a tenant's name and active flag; the domain is shown but cannot change. */
export function EditTenantDialog({ tenant, onOpenChange, onSaved }: Omit<DialogProps, "open"> & { tenant: TenantRow | null }) {
  return (
    <Dialog open={tenant !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit Tenant</DialogTitle>
          <DialogDescription>Change the organization&apos;s name or whether it can use the system.</DialogDescription>
        </DialogHeader>
        {tenant ? <EditTenantForm key={tenant.id} tenant={tenant} onCancel={() => onOpenChange(false)} onSaved={onSaved} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditTenantForm({ tenant, onCancel, onSaved }: { tenant: TenantRow; onCancel: () => void; onSaved: () => void }) {
  const form = useForm<UpdateValues, unknown, z.output<typeof tenantUpdateInput>>({
    resolver: zodResolver(tenantUpdateInput),
    defaultValues: { name: tenant.name, is_active: tenant.is_active },
    mode: "onTouched",
  });
  const visibleError = useVisibleErrors(form);
  const { register, handleSubmit, setValue, formState, control } = form;
  const isActive = useWatch({ control, name: "is_active" });

  const submit = handleSubmit(async (values) => {
    // The domain is never sent: it cannot change once created.
    await saveAndClose(() => api.put(`/tenants/${tenant.id}`, { name: values.name, is_active: values.is_active }), {
      success: { title: "Tenant Updated", description: `${values.name ?? tenant.name} was saved.` },
      failureTitle: "Failed to update tenant",
      onDone: () => {
        onCancel();
        onSaved();
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id="edit-tenant-name" label="Tenant Name" error={visibleError("name")}>
        <Input {...fieldAria("edit-tenant-name", visibleError("name"))} {...register("name")} />
      </FormField>
      <FormField id="edit-tenant-domain" label="Domain" hint="The domain cannot be changed once created.">
        <Input {...fieldAria("edit-tenant-domain", undefined, "hint")} value={tenant.domain ?? ""} readOnly disabled />
      </FormField>
      <div className="flex items-center gap-2">
        <Checkbox
          id="edit-tenant-active"
          checked={isActive === true}
          disabled={tenant.is_platform}
          onCheckedChange={(checked) => setValue("is_active", checked === true, { shouldDirty: true })}
        />
        <Label htmlFor="edit-tenant-active">Active</Label>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={formState.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
          {formState.isSubmitting ? "Saving..." : "Save Changes"}
        </Button>
      </DialogFooter>
    </form>
  );
}
