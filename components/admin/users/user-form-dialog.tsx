"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import type { UserRole } from "@/components/auth/types";
import { useVisibleErrors } from "@/components/auth/form-helpers";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PasswordInput } from "@/components/ui/password-input";
import { Select } from "@/components/ui/select";
import { roleLabel } from "@/lib/csv/users";
import { api } from "@/lib/http/client";
import { saveAndClose } from "../save-and-close";
import { MESSAGES } from "@/lib/validation/auth";
import { userCreateInput, userUpdateInput } from "@/lib/validation/users";
import type { UserRow } from "./types";

// The form keeps an empty full name as "" (the field is optional); the API schemas take it as absent.
const optionalFullName = z
  .string()
  .trim()
  .refine((value) => value === "" || value.length >= 2, { message: MESSAGES.fullName });

const createForm = userCreateInput.pick({ email: true, password: true, role: true, is_active: true }).extend({ full_name: optionalFullName });
const editForm = userUpdateInput.pick({ password: true, role: true, is_active: true }).extend({
  email: userCreateInput.shape.email,
  full_name: optionalFullName,
  current_password: z.string().optional(),
});

type CreateValues = z.input<typeof createForm>;
type EditValues = z.input<typeof editForm>;

interface UserFormDialogProps {
  /** null: closed; 'new': create; a row: edit it. */
  target: UserRow | "new" | null;
  actorRole: UserRole;
  actorId: string;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/** Create (tenant admins) or edit a user (spec section 5, "User form"). */
export function UserFormDialog({ target, actorRole, actorId, onOpenChange, onSaved }: UserFormDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{target === "new" ? "Create User" : "Edit User"}</DialogTitle>
          <DialogDescription>
            {target === "new" ? "Add a member to your organization with a password they can sign in with." : "Change this user's details or access."}
          </DialogDescription>
        </DialogHeader>
        {target === "new" ? <CreateUserForm actorRole={actorRole} onCancel={close} onSaved={onSaved} /> : null}
        {target && target !== "new" ? (
          <EditUserForm key={target.id} user={target} actorRole={actorRole} self={target.id === actorId} onCancel={close} onSaved={onSaved} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function roleOptions(actorRole: UserRole) {
  const roles: UserRole[] = actorRole === "super_admin" ? ["user", "tenant_admin", "super_admin"] : ["user", "tenant_admin"];
  return roles.map((role) => ({ value: role, label: roleLabel(role) }));
}

function ActiveCheckbox({ id, checked, disabled, onChange }: { id: string; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} disabled={disabled} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id}>Active</Label>
    </div>
  );
}

function FormButtons({ busy, busyLabel, label, onCancel }: { busy: boolean; busyLabel: string; label: string; onCancel: () => void }) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? busyLabel : label}
      </Button>
    </DialogFooter>
  );
}

function CreateUserForm({ actorRole, onCancel, onSaved }: { actorRole: UserRole; onCancel: () => void; onSaved: () => void }) {
  const form = useForm<CreateValues, unknown, z.output<typeof createForm>>({
    resolver: zodResolver(createForm),
    defaultValues: { email: "", full_name: "", password: "", role: "user", is_active: true },
    mode: "onTouched",
  });
  const visibleError = useVisibleErrors(form);
  const { register, handleSubmit, setValue, formState, control } = form;
  const isActive = useWatch({ control, name: "is_active" });

  const submit = handleSubmit(async (values) => {
    // The tenant is the actor's own (the server fills it in).
    await saveAndClose(() => api.post("/users", { ...values, full_name: values.full_name || null }), {
      success: { title: "User Created", description: `${values.full_name || values.email} can now sign in.` },
      failureTitle: "Failed to create user",
      onDone: () => {
        onCancel();
        onSaved();
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id="user-email" label="Email" error={visibleError("email")}>
        <Input type="email" autoComplete="off" {...fieldAria("user-email", visibleError("email"))} {...register("email")} />
      </FormField>
      <FormField id="user-full-name" label="Full Name" error={visibleError("full_name")}>
        <Input autoComplete="off" {...fieldAria("user-full-name", visibleError("full_name"))} {...register("full_name")} />
      </FormField>
      <FormField id="user-password" label="Password" error={visibleError("password")}>
        <PasswordInput autoComplete="new-password" {...fieldAria("user-password", visibleError("password"))} {...register("password")} />
      </FormField>
      <FormField id="user-role" label="Role">
        <Select id="user-role" options={roleOptions(actorRole)} {...register("role")} />
      </FormField>
      <ActiveCheckbox id="user-active" checked={isActive === true} onChange={(checked) => setValue("is_active", checked)} />
      <FormButtons busy={formState.isSubmitting} busyLabel="Creating..." label="Create User" onCancel={onCancel} />
    </form>
  );
}

interface EditUserFormProps {
  /** The list row; `pending_email` is a new address waiting for confirmation (GET /users carries it). */
  user: UserRow & { pending_email?: string | null };
  actorRole: UserRole;
  self: boolean;
  onCancel: () => void;
  onSaved: () => void;
}

function EditUserForm({ user, actorRole, self, onCancel, onSaved }: EditUserFormProps) {
  const form = useForm<EditValues, unknown, z.output<typeof editForm>>({
    resolver: zodResolver(editForm),
    defaultValues: { email: user.email, full_name: user.full_name ?? "", password: "", current_password: "", role: user.role, is_active: user.is_active },
    mode: "onTouched",
  });
  const visibleError = useVisibleErrors(form);
  const { register, handleSubmit, setValue, setError, formState, control } = form;
  const isActive = useWatch({ control, name: "is_active" });
  const typedEmail = useWatch({ control, name: "email" });
  // One's own address changes only with the current password (the server asks for it too).
  const ownAddressChanges = self && (typedEmail ?? "").trim().toLowerCase() !== user.email.toLowerCase();
  const mayChangeRole = actorRole === "super_admin";
  const emailHint = user.pending_email
    ? `Waiting for confirmation of ${user.pending_email}. A new address takes effect once confirmed from the link mailed to it.`
    : "A new address takes effect once confirmed from the link mailed to it.";

  const submit = handleSubmit(async (values) => {
    // A blank password keeps the current one (one's own changes only in Profile Settings); the role is sent only
    // when a super admin changed it.
    const body: Record<string, unknown> = { email: values.email, full_name: values.full_name || null, is_active: values.is_active };
    if (values.password && !self) body.password = values.password;
    if (mayChangeRole && values.role && values.role !== user.role) body.role = values.role;
    // The server keeps the current address until the new one is confirmed from the link mailed to it.
    const newAddress = values.email.trim().toLowerCase() !== user.email.toLowerCase() ? values.email.trim() : null;
    if (self && newAddress) {
      if (!values.current_password) {
        setError("current_password", { message: MESSAGES.currentPasswordRequired });
        return;
      }
      body.current_password = values.current_password;
    }
    const saved = `${values.full_name || user.full_name || user.email} was saved.`;
    await saveAndClose(() => api.put(`/users/${user.id}`, body), {
      success: {
        title: "User Updated",
        description: newAddress
          ? `${saved} The new e-mail address ${newAddress} takes effect once it is confirmed from the link just sent to it; until then ${user.email} stays in use.`
          : saved,
      },
      failureTitle: "Failed to update user",
      onDone: () => {
        onCancel();
        onSaved();
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id="edit-user-email" label="Email" error={visibleError("email")} hint={emailHint}>
        <Input type="email" autoComplete="off" {...fieldAria("edit-user-email", visibleError("email"), "hint")} {...register("email")} />
      </FormField>
      {ownAddressChanges ? (
        <FormField
          id="edit-user-current-password"
          label="Current Password"
          error={visibleError("current_password")}
          hint="Needed to change your own e-mail address."
        >
          <PasswordInput
            autoComplete="current-password"
            {...fieldAria("edit-user-current-password", visibleError("current_password"), "hint")}
            {...register("current_password")}
          />
        </FormField>
      ) : null}
      <FormField id="edit-user-full-name" label="Full Name" error={visibleError("full_name")}>
        <Input autoComplete="off" {...fieldAria("edit-user-full-name", visibleError("full_name"))} {...register("full_name")} />
      </FormField>
      {self ? (
        <p className="text-sm text-slate-600">To change your own password, use Change Password in Profile Settings.</p>
      ) : (
        <FormField id="edit-user-password" label="Password (leave blank to keep)" error={visibleError("password")}>
          <PasswordInput autoComplete="new-password" {...fieldAria("edit-user-password", visibleError("password"))} {...register("password")} />
        </FormField>
      )}
      <FormField id="edit-user-role" label="Role" hint={mayChangeRole ? undefined : "Only a super admin can change a user's role."}>
        <Select
          {...fieldAria("edit-user-role", undefined, mayChangeRole ? undefined : "hint")}
          options={roleOptions(actorRole)}
          disabled={!mayChangeRole}
          {...register("role")}
        />
      </FormField>
      <ActiveCheckbox id="edit-user-active" checked={isActive === true} disabled={self} onChange={(checked) => setValue("is_active", checked)} />
      <FormButtons busy={formState.isSubmitting} busyLabel="Saving..." label="Save Changes" onCancel={onCancel} />
    </form>
  );
}
