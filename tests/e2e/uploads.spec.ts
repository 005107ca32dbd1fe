// Uploads through the production server: bodies past the 10 MB that Next.js buffers for its proxy arrive whole
// (the upload routes bypass proxy.ts and stream), and the stored file is served back byte for byte.
import { expect, test } from "@playwright/test";
import { bearerToken, createActiveTenantAdmin } from "./support/accounts";

/** A PDF of about `megabytes` MB: a real header, comment padding and a trailer. */
function paddedPdf(megabytes: number): Buffer {
  const line = `% padding ${"x".repeat(54)}\n`;
  const count = Math.ceil((megabytes * 1024 * 1024) / line.length);
  return Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.from(line.repeat(count)), Buffer.from("trailer\n<<>>\n%%EOF\n")]);
}

test("a 12 MB document uploads whole through the production server and is served back", async ({ request }) => {
  test.setTimeout(120_000);
  const admin = await createActiveTenantAdmin(request, "Uploads");
  const token = await bearerToken(request, admin.email, admin.password);
  const bytes = paddedPdf(12);

  const uploaded = await request.post("/api/v1/files/upload", {
    headers: { authorization: `Bearer ${token}` },
    multipart: { folder: "maintext", file: { name: "Large Report.pdf", mimeType: "application/pdf", buffer: bytes } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const file = (await uploaded.json()) as { s3_path: string; size: number; filename: string };
  expect(file.size).toBe(bytes.length);
  expect(file.filename).toBe("Large Report.pdf");

  const served = await request.get(`/api/v1/files/view?path=${encodeURIComponent(file.s3_path)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect(Buffer.compare(await served.body(), bytes)).toBe(0);
});
