// A 422 answer's messages land on the form's own fields (the password policy is checked only on the server).
import type { UseFormReturn } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { placeServerErrors } from "@/components/auth/form-helpers";
import { HttpError } from "@/lib/http/client";

type Form = UseFormReturn<{ password: string; fullName: string }>;

function fakeForm() {
  const setError = vi.fn();
  return { form: { setError } as unknown as Form, setError };
}

const policy = "This password is too common or too easy to guess. Please choose a less predictable one.";
const answer = (status: number, body: unknown) => new HttpError(status, JSON.stringify(body));

describe("placeServerErrors", () => {
  it("puts each message on the mapped field and returns the messages without the API's field names", () => {
    const { form, setError } = fakeForm();
    const error = answer(422, { detail: [{ loc: ["body", "admin_password"], msg: policy, type: "value_error" }] });
    expect(placeServerErrors(form, error, { admin_password: "password" })).toBe(policy);
    expect(setError).toHaveBeenCalledWith("password", { type: "server", message: policy }, { shouldFocus: true });
  });

  it("leaves other answers to the usual message helper", () => {
    const { form, setError } = fakeForm();
    expect(placeServerErrors(form, answer(400, { detail: "Current password is incorrect" }), { new_password: "password" })).toBeUndefined();
    expect(placeServerErrors(form, answer(422, { detail: [{ loc: ["body", "other"], msg: "x" }] }), { new_password: "password" })).toBeUndefined();
    expect(placeServerErrors(form, new Error("network"), { new_password: "password" })).toBeUndefined();
    expect(setError).not.toHaveBeenCalled();
  });
});
