"use client";

import { useForm, useWatch } from "react-hook-form";
import { useState } from "react";
import { CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/errors/messages";
import { HttpError } from "@/lib/http/client";
import { registerResolver } from "@/components/forms/account-resolvers";
import { tenantNameFor } from "@/lib/validation/tenant";
import { accountApi } from "./api";
import { LinkButton, placeServerErrors, SubmitButton, useVisibleErrors } from "./form-helpers";

const REQUIRED = ["companyName", "fullName", "email", "phone", "address", "password", "confirmPassword"] as const;

/** The registration payload's fields (POST /auth/register) as the form names them. */
const REGISTER_FIELDS = {
  tenant_name: "companyName",
  domain: "domain",
  admin_full_name: "fullName",
  admin_email: "email",
  admin_phone: "phone",
  admin_address: "address",
  admin_password: "password",
} as const;

export function RegisterView({ onRegistered, onSignIn }: { onRegistered: (email: string) => void; onSignIn: () => void }) {
  const [busy, setBusy] = useState(false);
  const form = useForm({
    resolver: registerResolver,
    mode: "onBlur",
    reValidateMode: "onChange",
    defaultValues: { companyName: "", domain: "", fullName: "", email: "", phone: "", address: "", password: "", confirmPassword: "" },
  });
  const errorFor = useVisibleErrors(form);
  const values = useWatch({ control: form.control, name: REQUIRED });
  const filled = values.every((value) => (value ?? "").trim() !== "");

  const onSubmit = form.handleSubmit(async (input) => {
    setBusy(true);
    try {
      await accountApi.register({
        tenant_name: tenantNameFor(input.companyName, input.fullName),
        domain: input.domain ? input.domain : undefined,
        admin_full_name: input.fullName,
        admin_email: input.email,
        admin_phone: input.phone,
        admin_address: input.address,
        admin_password: input.password,
      });
      toast({
        title: "Registration Successful!",
        description:
          "Please check your email to verify your account. After verification, a super admin will review your tenant registration.",
        duration: 10_000,
      });
      onRegistered(input.email);
    } catch (error) {
      const placed = placeServerErrors(form, error, REGISTER_FIELDS);
      toast({
        variant: "destructive",
        title: "Registration Failed",
        description:
          error instanceof HttpError
            ? (placed ?? serverMessage(error) ?? "Please check your information and try again.")
            : error instanceof Error && error.message
              ? error.message
              : "An unexpected error occurred. Please try again.",
      });
      setBusy(false);
    }
  });

  const field = (id: string, name: (typeof REQUIRED)[number] | "domain") => fieldAria(id, errorFor(name));

  return (
    <>
      <CardHeader className="pb-4">
        <CardTitle>Create your organization</CardTitle>
        <CardDescription>
          Register your organization and become its administrator. We&apos;ll verify your email before you sign in.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField id="register-company" label="Company/Organization Name" error={errorFor("companyName")} className="sm:col-span-2">
            <Input {...field("register-company", "companyName")} autoComplete="organization" placeholder="Acme Inc." {...form.register("companyName")} />
          </FormField>
          <FormField
            id="register-domain"
            label="Domain (optional)"
            error={errorFor("domain")}
            hint="Your organization's web domain, e.g. acme.com"
            className="sm:col-span-2"
          >
            <Input
              {...fieldAria("register-domain", errorFor("domain"), "hint")}
              autoComplete="url"
              placeholder="acme.com"
              {...form.register("domain")}
            />
          </FormField>
          <FormField id="register-name" label="Full Name" error={errorFor("fullName")}>
            <Input {...field("register-name", "fullName")} autoComplete="name" placeholder="Jane Doe" {...form.register("fullName")} />
          </FormField>
          <FormField id="register-phone" label="Phone" error={errorFor("phone")}>
            <Input {...field("register-phone", "phone")} type="tel" autoComplete="tel" placeholder="+1 555 123 4567" {...form.register("phone")} />
          </FormField>
          <FormField id="register-email" label="Email" error={errorFor("email")} className="sm:col-span-2">
            <Input
              {...field("register-email", "email")}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@company.com"
              {...form.register("email")}
            />
          </FormField>
          <FormField id="register-address" label="Address" error={errorFor("address")} className="sm:col-span-2">
            <Input {...field("register-address", "address")} autoComplete="street-address" placeholder="1 Main Street, Springfield" {...form.register("address")} />
          </FormField>
          <FormField id="register-password" label="Password" error={errorFor("password")}>
            <PasswordInput {...field("register-password", "password")} autoComplete="new-password" placeholder="At least 8 characters" {...form.register("password")} />
          </FormField>
          <FormField id="register-confirm" label="Confirm Password" error={errorFor("confirmPassword")}>
            <PasswordInput {...field("register-confirm", "confirmPassword")} autoComplete="new-password" placeholder="Repeat password" {...form.register("confirmPassword")} />
          </FormField>
          <div className="pt-1 sm:col-span-2">
            <SubmitButton busy={busy} busyLabel="Creating Account..." disabled={!filled}>
              Sign Up
            </SubmitButton>
          </div>
        </form>
        <p className="text-center text-sm text-slate-600">
          Already have an account? <LinkButton onClick={onSignIn}>Sign In</LinkButton>
        </p>
      </CardContent>
    </>
  );
}
