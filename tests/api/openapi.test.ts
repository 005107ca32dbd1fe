// The OpenAPI document: valid OpenAPI 3.1, every route and method under app/api/v1 in it, its request schemas the
// very ones the handlers parse with, and served to anyone at GET /api/v1/openapi.json.
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { HTTP_METHODS, buildOpenApiDocument, pathOfRouteFile, type OpenApiDocument, type OpenApiOperation } from "@/lib/http/openapi";
import { routeDescriptionOf } from "@/lib/http/openapi-meta";
import { BINARY_TYPES, MULTIPART } from "@/lib/http/openapi-notes";
import { route } from "@/lib/http/route";
import { pageQuery } from "@/lib/http/pagination";
import { idParams } from "@/lib/validation/common";
import { presentationCreateInput, presentationReadQuery, updateSlidesInput } from "@/lib/validation/presentations";
import { userListQuery } from "@/lib/validation/users";
import { loginInput } from "@/lib/validation/auth";
import * as openApiRoute from "@/app/api/v1/openapi.json/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import * as updateSlidesRoute from "@/app/api/v1/presentations/[id]/update-slides/route";
import * as usersRoute from "@/app/api/v1/users/route";
import * as loginRoute from "@/app/api/v1/auth/login/route";
import { call, json } from "../support/api";

const ROOT = path.resolve(import.meta.dirname, "../..");
const API_DIR = path.join(ROOT, "app/api/v1");

/** Every route.ts under app/api/v1 as the file system has it, the catch-all 404 aside. */
function routeFilesOnDisk(): string[] {
  return readdirSync(API_DIR, { recursive: true })
    .map((entry) => String(entry).split(path.sep).join("/"))
    .filter((entry) => path.posix.basename(entry) === "route.ts" && !entry.startsWith("[..."))
    .map((entry) => `app/api/v1/${entry}`)
    .sort();
}

async function servedDocument(): Promise<OpenApiDocument> {
  const response = await call(openApiRoute.GET, "GET");
  expect(response.status).toBe(200);
  return json<OpenApiDocument>(response);
}

function operation(document: OpenApiDocument, method: string, pathTemplate: string): OpenApiOperation {
  const found = document.paths[pathTemplate]?.[method.toLowerCase()];
  if (!found) throw new Error(`${method} ${pathTemplate} is not in the document`);
  return found;
}

/** What z.toJSONSchema makes of a route's input, as the document must carry it. */
function converted(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any", reused: "inline" });
  return rest;
}

describe("GET /api/v1/openapi.json", () => {
  it("answers anyone signed out with the JSON document, cacheable", async () => {
    const response = await call(openApiRoute.GET, "GET");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const document = await json<OpenApiDocument>(response);
    expect(document.openapi).toBe("3.1.0");
    expect(operation(document, "GET", "/api/v1/openapi.json").security).toEqual([]);
  });

  it("is a valid OpenAPI 3.1 document whose references all resolve", async () => {
    const validator = new Validator();
    const result = await validator.validate(await servedDocument());
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(() => validator.resolveRefs()).not.toThrow();
  });
});

describe("coverage of the routes", () => {
  it("has every route file under app/api/v1 and every HTTP method each exports", async () => {
    const document = await servedDocument();
    const files = routeFilesOnDisk();
    expect(files.length).toBeGreaterThan(60);
    const expected: string[] = [];
    for (const file of files) {
      const routeModule = (await import(path.join(ROOT, file))) as Record<string, unknown>;
      for (const method of HTTP_METHODS) if (routeModule[method] !== undefined) expected.push(`${method} ${pathOfRouteFile(file)}`);
    }
    const documented = Object.entries(document.paths).flatMap(([pathTemplate, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${pathTemplate}`),
    );
    expect(documented.sort()).toEqual(expected.sort());
  });

  it("keeps the catalogue of route modules current (scripts/openapi-catalogue.mjs --check)", async () => {
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, ["scripts/openapi-catalogue.mjs", "--check"], { cwd: ROOT });
    expect(stdout).toContain("is current");
  }, 120_000);

  it("names only routes of the document in its notes on multipart forms and byte answers", async () => {
    const document = await servedDocument();
    for (const key of [...Object.keys(MULTIPART), ...Object.keys(BINARY_TYPES)]) {
      const [method = "", pathTemplate = ""] = key.split(" ");
      expect(() => operation(document, method, pathTemplate), key).not.toThrow();
    }
  });
});

describe("request schemas are the handlers' own", () => {
  it("documents the very zod schemas the handlers parse with", () => {
    expect(routeDescriptionOf(presentationsRoute.POST)?.body).toBe(presentationCreateInput);
    expect(routeDescriptionOf(updateSlidesRoute.PUT)?.body).toBe(updateSlidesInput);
    expect(routeDescriptionOf(usersRoute.GET)?.query).toBe(userListQuery);
    expect(routeDescriptionOf(loginRoute.POST)).toMatchObject({ auth: "public", body: loginInput });
  });

  it("writes each body as z.toJSONSchema gives it", async () => {
    const document = await servedDocument();
    const cases = [
      ["POST", "/api/v1/presentations", presentationCreateInput],
      ["PUT", "/api/v1/presentations/{id}/update-slides", updateSlidesInput],
      ["POST", "/api/v1/auth/login", loginInput],
    ] as const;
    for (const [method, pathTemplate, schema] of cases) {
      expect(operation(document, method, pathTemplate).requestBody?.content["application/json"]?.schema, `${method} ${pathTemplate}`).toEqual(converted(schema));
    }
  });

  it("writes query and path parameters as z.toJSONSchema gives them", async () => {
    const document = await servedDocument();
    const users = operation(document, "GET", "/api/v1/users");
    const query = converted(userListQuery) as { properties: Record<string, unknown> };
    expect(users.parameters?.filter((parameter) => parameter.in === "query").map(({ name, schema }) => [name, schema])).toEqual(
      Object.entries(query.properties),
    );
    const presentation = operation(document, "GET", "/api/v1/presentations/{id}");
    const params = converted(idParams) as { properties: { id: unknown } };
    expect(presentation.parameters?.filter((parameter) => parameter.in === "path")).toEqual([{ name: "id", in: "path", required: true, schema: params.properties.id }]);
    const include = (converted(presentationReadQuery) as { properties: { include: unknown } }).properties.include;
    expect(presentation.parameters?.filter((parameter) => parameter.in === "query")).toEqual([{ name: "include", in: "query", required: false, schema: include }]);
  });

  it("changes when a route's schema changes", () => {
    const before = route({ permission: "project.view", query: pageQuery }, () => []);
    const after = route({ permission: "project.view", query: pageQuery.extend({ search: z.string().max(50) }) }, () => []);
    const build = (handler: unknown) =>
      buildOpenApiDocument(
        { routes: [{ file: "app/api/v1/projects/route.ts", module: { GET: handler }, operations: { GET: { description: "", success: [], errors: {} } } }], schemas: {} },
        { version: "test" },
      );
    const names = (document: OpenApiDocument) => operation(document, "GET", "/api/v1/projects").parameters?.map((parameter) => parameter.name);
    expect(names(build(before))).toEqual(["limit", "offset"]);
    expect(names(build(after))).toEqual(["limit", "offset", "search"]);
  });

  it("takes a route described apart (the document's own) from its descriptions, and refuses one that leaves a method out", () => {
    const operations = { GET: { description: "The document", success: [], errors: {} }, POST: { description: "Another", success: [], errors: {} } };
    const described = { auth: "public" as const, permissions: [], requireAll: false, raw: true, summary: "Described apart" };
    const build = (descriptions: Record<string, unknown>) =>
      buildOpenApiDocument({ routes: [{ file: "app/api/v1/openapi.json/route.ts", descriptions, operations }], schemas: {} }, { version: "test" });
    expect(operation(build({ GET: described, POST: described }), "GET", "/api/v1/openapi.json").summary).toBe("Described apart");
    expect(() => build({ GET: described })).toThrow("POST in app/api/v1/openapi.json/route.ts has no entry in its descriptions.ts");
  });
});

describe("what each operation says", () => {
  it("says who may call it: security schemes, permissions, and none for public routes", async () => {
    const document = await servedDocument();
    const users = operation(document, "GET", "/api/v1/users");
    expect(users.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(users["x-permissions"]).toEqual(["user.view"]);
    expect(users.tags).toEqual(["users"]);
    expect(operation(document, "POST", "/api/v1/auth/login").security).toEqual([]);
    const shared = operation(document, "GET", "/api/v1/files/shared-image");
    expect(shared.security).toContainEqual({});
    expect(shared.security).toContainEqual({ shareToken: [] });
    const roles = operation(document, "GET", "/api/v1/roles/{id}");
    expect(roles["x-permissions"]).toEqual(["role.view", "invitation.send"]);
    expect(roles["x-permissions-required"]).toBe("any");
  });

  it("gives the success status and shape, and the errors the app answers", async () => {
    const document = await servedDocument();
    const create = operation(document, "POST", "/api/v1/projects");
    expect(create.responses["201"]?.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/ProjectOut" });
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "401", "403", "413", "415", "422", "503", "default"]));
    expect(create.responses["422"]?.content?.["application/json"]?.schema).toEqual({
      anyOf: [{ $ref: "#/components/schemas/ValidationError" }, { $ref: "#/components/schemas/Error" }],
    });

    const list = operation(document, "GET", "/api/v1/presentations");
    expect(list.responses["200"]?.headers).toHaveProperty("X-Total-Count");
    expect(list.responses["200"]?.content?.["application/json"]?.schema).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/PresentationSummaryOut" },
    });

    expect(operation(document, "DELETE", "/api/v1/users/{id}").responses["204"]).toBeDefined();
    expect(operation(document, "PUT", "/api/v1/presentations/{id}/update-slides").responses["409"]).toBeDefined();
    expect(operation(document, "POST", "/api/v1/auth/login").responses["429"]?.headers).toHaveProperty("Retry-After");
    expect(Object.keys(operation(document, "GET", "/api/v1/presentations/download/{id}").responses["200"]?.content ?? {})).toEqual([
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      "application/pdf",
    ]);
    const upload = operation(document, "POST", "/api/v1/files/upload");
    expect(upload.requestBody?.content["multipart/form-data"]?.schema).toMatchObject({ required: ["folder", "file"] });
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    expect(schemas.ProjectOut).toMatchObject({ type: "object" });
  });
});
