"use client";

import { Send } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useVisibleErrors } from "@/components/auth/form-helpers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { getErrorMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import { inviteResolver } from "@/components/forms/account-resolvers";
import type { RoleOut } from "./data";

// Spec section 5, "Invite user": email required and an address; role required. Generic messages read 'Required'.

const FALLBACK_ERROR = "Could not send invitation. Please try again.";

interface InviteUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tenantId: string;
  /** Invitable roles (the tenant's own and the global Tenant User); null when they could not be loaded. */
  roles: readonly RoleOut[] | null;
  onInvited: () => void;
}

function defaultRole(roles: readonly RoleOut[] | null): string {
  return roles?.find((role) => role.builtin === "tenant_user")?.id ?? "";
}

/** 'Invite New User' (500 px wide): e-mail and role; on success it closes, clears and the dashboard reloads. */
export function InviteUserDialog({ open, onOpenChange, tenantId, roles, onInvited }: InviteUserDialogProps) {
  const [sending, setSending] = useState(false);
  const form = useForm({
    resolver: inviteResolver,
    mode: "onBlur",
    reValidateMode: "onChange",
    defaultValues: { email: "", role_id: defaultRole(roles) },
  });
  const errorFor = useVisibleErrors(form);

  /** Closing (Cancel, the X, Escape, or after sending) starts the next invitation from an empty form. */
  function close() {
    form.reset({ email: "", role_id: defaultRole(roles) });
    onOpenChange(false);
  }

  const onSubmit = form.handleSubmit(async ({ email, role_id }) => {
    setSending(true);
    try {
      await api.post("/invitations/", { email, role_id, tenant_id: tenantId });
      toast({ title: "Invitation Sent", description: `Invitation sent successfully to ${email}` });
      close();
      onInvited();
    } catch (error) {
      const description = error instanceof Error && error.message ? getErrorMessage(error) : FALLBACK_ERROR;
      toast({ variant: "destructive", title: "Failed to Send Invitation", description });
    } finally {
      setSending(false);
    }
  });

  const emailError = errorFor("email");
  const roleError = errorFor("role_id");

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (sending) return;
        if (next) onOpenChange(true);
        else close();
      }}
    >
      <DialogContent className="max-w-[500px]">
        <DialogHeader>
          <DialogTitle>Invite New User</DialogTitle>
          <DialogDescription>Send an invitation to a new team member to join your organization</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField id="invite-email" label="Email" error={emailError}>
            <Input
              {...fieldAria("invite-email", emailError)}
              type="email"
              autoComplete="off"
              inputMode="email"
              placeholder="colleague@company.com"
              {...form.register("email")}
            />
          </FormField>
          <FormField id="invite-role" label="Role" error={roleError}>
            <Select
              {...fieldAria("invite-role", roleError)}
              placeholder="Select a role"
              required
              disabled={!roles || roles.length === 0}
              options={(roles ?? []).map((role) => ({ value: role.id, label: role.name }))}
              {...form.register("role_id")}
            />
          </FormField>
          {roles === null ? <Alert variant="destructive">The roles could not be loaded. Close the dialog and try again.</Alert> : null}
          <DialogFooter className="pt-2">
            <Button variant="outline" onClick={close} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" disabled={sending || !roles || roles.length === 0} aria-busy={sending}>
              {sending ? (
                <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
              ) : (
                <Send className="h-4 w-4" aria-hidden />
              )}
              {sending ? "Sending..." : "Send Invitation"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
