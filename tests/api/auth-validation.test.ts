// Every validation message of spec section 5 for the account forms, as the API answers it: 422 with the
// FastAPI detail list, one entry per invalid field, the spec's message verbatim; and bad input changes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import * as login from "@/app/api/v1/auth/login/route";
import * as register from "@/app/api/v1/auth/register/route";
import * as acceptInvitation from "@/app/api/v1/invitations/accept/route";
import * as invitations from "@/app/api/v1/invitations/route";
import * as change from "@/app/api/v1/password/change/route";
import * as requestReset from "@/app/api/v1/password/request-reset/route";
import * as reset from "@/app/api/v1/password/reset/route";
import { call, json } from "../support/api";
import { approvedOrganisation, freshIp, mailsTo, registration, roleId, signIn, type Organisation } from "../support/accounts";

type Issue = [field: string, message: string];

/** Asserts a 422 whose detail lists exactly these body fields with these messages, in schema order. */
async function expectInvalid(response: Response, issues: Issue[]): Promise<void> {
  expect(response.status).toBe(422);
  const body = await json<{ detail: { loc: unknown[]; msg: string; type: string }[] }>(response);
  expect(body.detail).toEqual(issues.map(([field, msg]) => ({ loc: ["body", field], msg, type: expect.any(String) })));
}

const MESSAGES = {
  email: "Please enter a valid email address",
  loginPassword: "Password must be at least 6 characters",
  password: "Password must be at least 8 characters",
  companyName: "Company/Organization name must be at least 2 characters",
  fullName: "Full name must be at least 2 characters",
  phone: "Phone number must be at least 10 characters",
  address: "Address must be at least 5 characters",
  currentPassword: "Current password is required",
  fullNameRequired: "Full name is required",
  invitationPassword: "Password must be at least 8 characters long",
  invitationLink: "Invalid invitation link",
};

let organisation: Organisation;

beforeAll(async () => {
  organisation = await approvedOrganisation("Checks");
});

describe("login", () => {
  const valid = { email: "someone@example.test", password: "secret" };

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ["an address that is not one", { ...valid, email: "not-an-email" }, [["email", MESSAGES.email]]],
    ["an address without a domain part", { ...valid, email: "someone@" }, [["email", MESSAGES.email]]],
    ["no address", { password: valid.password }, [["email", MESSAGES.email]]],
    ["a 5-character password", { ...valid, password: "12345" }, [["password", MESSAGES.loginPassword]]],
    ["no password", { email: valid.email }, [["password", MESSAGES.loginPassword]]],
    ["an empty form", {}, [["email", MESSAGES.email], ["password", MESSAGES.loginPassword]]],
  ])("refuses %s", async (_, body, issues) => {
    await expectInvalid(await call(login.POST, "POST", { body, ip: freshIp() }), issues);
  });

  it("accepts a 6-character password as input (the credentials decide, not validation)", async () => {
    const response = await call(login.POST, "POST", { body: valid, ip: freshIp() });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ detail: "Incorrect email or password" });
  });
});

describe("registration", () => {
  const valid = registration("Newco");

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ["a one-letter company name", { ...valid, tenant_name: "A" }, [["tenant_name", MESSAGES.companyName]]],
    ["a company name that is one letter once trimmed", { ...valid, tenant_name: "  A  " }, [["tenant_name", MESSAGES.companyName]]],
    ["no company name", { ...valid, tenant_name: undefined }, [["tenant_name", MESSAGES.companyName]]],
    ["a one-letter full name", { ...valid, admin_full_name: "B" }, [["admin_full_name", MESSAGES.fullName]]],
    ["an invalid e-mail", { ...valid, admin_email: "newco.test" }, [["admin_email", MESSAGES.email]]],
    ["a 9-character phone number", { ...valid, admin_phone: "123456789" }, [["admin_phone", MESSAGES.phone]]],
    ["a 4-character address", { ...valid, admin_address: "1 St" }, [["admin_address", MESSAGES.address]]],
    ["a 7-character password", { ...valid, admin_password: "1234567" }, [["admin_password", MESSAGES.password]]],
    [
      "an empty form",
      {},
      [
        ["tenant_name", MESSAGES.companyName],
        ["admin_full_name", MESSAGES.fullName],
        ["admin_email", MESSAGES.email],
        ["admin_phone", MESSAGES.phone],
        ["admin_address", MESSAGES.address],
        ["admin_password", MESSAGES.password],
      ],
    ],
  ])("refuses %s", async (_, body, issues) => {
    await expectInvalid(await call(register.POST, "POST", { body, ip: freshIp() }), issues);
  });

  it("creates nothing and sends nothing for an invalid registration", async () => {
    expect(mailsTo(valid.admin_email)).toHaveLength(0);
    const response = await call(login.POST, "POST", { body: { email: valid.admin_email, password: valid.admin_password }, ip: freshIp() });
    expect(response.status).toBe(401);
  });

  it("accepts every field at its minimum length, without a domain", async () => {
    const response = await call(register.POST, "POST", {
      body: {
        tenant_name: "AB",
        admin_full_name: "Bo",
        admin_email: "bo@minimal.test",
        admin_phone: "0123456789",
        admin_address: "1 St.",
        admin_password: "tr0mb0ne",
      },
      ip: freshIp(),
    });
    expect(response.status).toBe(201);
  });
});

describe("password reset request and reset", () => {
  it("refuses a reset request for an invalid address", async () => {
    await expectInvalid(await call(requestReset.POST, "POST", { body: { email: "nobody" }, ip: freshIp() }), [["email", MESSAGES.email]]);
    await expectInvalid(await call(requestReset.POST, "POST", { body: {}, ip: freshIp() }), [["email", MESSAGES.email]]);
  });

  it("refuses a new password shorter than 8 characters", async () => {
    await expectInvalid(await call(reset.POST, "POST", { body: { token: "some-token", new_password: "1234567" } }), [
      ["new_password", MESSAGES.password],
    ]);
    await expectInvalid(await call(reset.POST, "POST", { body: { token: "some-token" } }), [["new_password", MESSAGES.password]]);
  });
});

describe("password change", () => {
  it("refuses a missing or empty current password and a short new one", async () => {
    const token = organisation.admin.access_token;
    await expectInvalid(await call(change.POST, "POST", { token, body: { new_password: "a-new-password" } }), [
      ["current_password", MESSAGES.currentPassword],
    ]);
    await expectInvalid(await call(change.POST, "POST", { token, body: { current_password: "", new_password: "a-new-password" } }), [
      ["current_password", MESSAGES.currentPassword],
    ]);
    await expectInvalid(await call(change.POST, "POST", { token, body: { current_password: organisation.password, new_password: "1234567" } }), [
      ["new_password", MESSAGES.password],
    ]);
    await expectInvalid(await call(change.POST, "POST", { token, body: {} }), [
      ["current_password", MESSAGES.currentPassword],
      ["new_password", MESSAGES.password],
    ]);
  });

  it("leaves the password as it was", async () => {
    await signIn(organisation.email, organisation.password);
  });

  it("asks for a signed-in user before looking at the input", async () => {
    const response = await call(change.POST, "POST", { body: {} });
    expect(response.status).toBe(401);
  });
});

describe("invitation acceptance", () => {
  const valid = { token: "a-token-from-a-link", full_name: "Grace Hopper", password: "compiler-1952" };

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ["an empty full name", { ...valid, full_name: "" }, [["full_name", MESSAGES.fullNameRequired]]],
    ["a full name of spaces", { ...valid, full_name: "   " }, [["full_name", MESSAGES.fullNameRequired]]],
    ["no full name", { ...valid, full_name: undefined }, [["full_name", MESSAGES.fullNameRequired]]],
    ["a 7-character password", { ...valid, password: "1234567" }, [["password", MESSAGES.invitationPassword]]],
    ["a missing token", { ...valid, token: undefined }, [["token", MESSAGES.invitationLink]]],
    ["an empty token", { ...valid, token: "" }, [["token", MESSAGES.invitationLink]]],
  ])("refuses %s", async (_, body, issues) => {
    await expectInvalid(await call(acceptInvitation.POST, "POST", { body, ip: freshIp() }), issues);
  });
});

describe("invitation creation", () => {
  it("requires an e-mail address in e-mail format and a role", async () => {
    const token = organisation.admin.access_token;
    const role_id = await roleId(token, "Tenant User");
    await expectInvalid(await call(invitations.POST, "POST", { token, body: { role_id } }), [["email", "Required"]]);
    await expectInvalid(await call(invitations.POST, "POST", { token, body: { email: "  ", role_id } }), [["email", "Required"]]);
    await expectInvalid(await call(invitations.POST, "POST", { token, body: { email: "grace@", role_id } }), [["email", MESSAGES.email]]);
    await expectInvalid(await call(invitations.POST, "POST", { token, body: { email: "grace@checks.test" } }), [["role_id", "Required"]]);
    await expectInvalid(await call(invitations.POST, "POST", { token, body: { email: "grace@checks.test", role_id: "admin" } }), [
      ["role_id", "Required"],
    ]);
    expect(mailsTo("grace@checks.test")).toHaveLength(0);
  });
});
