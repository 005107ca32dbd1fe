// GET /dashboard/stats through the real handler: one shape per role (super_admin, tenant_admin, user), counts
// checked against the data made here, real System Analytics figures, and Recent Activity from the log.
import { beforeAll, describe, expect, it } from "vitest";
import * as stats from "@/app/api/v1/dashboard/stats/route";
import { getDb } from "@/db/client";
import { blogs, files, presentations, projects } from "@/db/schema";
import { withStatementLog } from "@/db/statement-log";
import { call, json } from "../support/api";
import { invite, invitedMember, registerOrganisation, roleId, type Organisation, type Registered, type SignedIn } from "../support/accounts";
import { createUser, organisation, platformTenantId, superAdmin } from "../support/admin";

interface Activity {
  id: string;
  action: string;
  summary: string;
  actor_user_id: string | null;
  created_at: string;
}

interface SuperAdminStats {
  type: "super_admin";
  total_tenants: number;
  active_tenants: number;
  total_users: number;
  active_users: number;
  total_projects: number;
  total_blogs: number;
  total_presentations: number;
  tenant_stats: { id: string; name: string; domain: string | null; is_active: boolean; created_at: string }[];
  analytics: {
    storage_used_bytes: number;
    storage_quota_bytes: number;
    api_requests_24h: number;
    database_connections: number;
    database_max_connections: number;
  };
  recent_activity: Activity[];
}

interface TenantAdminStats {
  type: "tenant_admin";
  total_users: number;
  active_users: number;
  pending_invitations: number;
  total_projects: number;
  total_blogs: number;
  total_presentations: number;
  recent_projects: { id: string; name: string }[];
  recent_blogs: { id: string; blog_title: string }[];
  recent_presentations: { id: string; status: string }[];
  recent_users: { id: string; email: string; full_name: string | null; is_active: boolean }[];
  recent_activity: Activity[];
}

interface UserStats {
  type: "user";
  total_projects: number;
  total_blogs: number;
  total_presentations: number;
  activity_count: number;
  recent_projects: { id: string; name: string }[];
  recent_blogs: { id: string }[];
  recent_presentations: { id: string }[];
  recent_activity: Activity[];
}

let lantern: Organisation;
let pending: Registered;
let member: SignedIn;
let superToken = "";
let platformId = "";

async function statsOf<T>(token: string): Promise<T> {
  const response = await call(stats.GET, "GET", { token });
  expect(response.status).toBe(200);
  return json<T>(response);
}

function newestFirst(activity: Activity[]) {
  const times = activity.map((entry) => entry.created_at);
  expect(times).toEqual([...times].sort().reverse());
}

beforeAll(async () => {
  superToken = (await superAdmin()).access_token;
  platformId = await platformTenantId();
  lantern = await organisation("Lantern");
  pending = await registerOrganisation("Pending");
  member = await invitedMember(lantern, "member@lantern.test");
  await createUser(lantern.admin.access_token, { email: "idle@lantern.test", full_name: "Idle Member", is_active: false });
  await invite(lantern.admin.access_token, "invitee@lantern.test", await roleId(lantern.admin.access_token, "Tenant User"));

  // Content has no endpoints in this issue: it is written directly, as the content services will.
  const db = await getDb();
  const [first] = await db
    .insert(projects)
    .values([
      { tenantId: lantern.tenantId, name: "Field Guide", createdBy: member.user.id },
      { tenantId: lantern.tenantId, name: "Annual Report", createdBy: lantern.admin.user.id },
    ])
    .returning();
  await db.insert(projects).values({ tenantId: pending.tenantId, name: "Waiting Project" });
  const [blog] = await db
    .insert(blogs)
    .values({ tenantId: lantern.tenantId, projectId: first!.id, blogTitle: "Lights On", blogAuthor: "Member", blogEmail: "member@lantern.test" })
    .returning();
  await db.insert(presentations).values({ tenantId: lantern.tenantId, blogId: blog!.id, template: "minimal", generationMethod: "manual" });
  await db.insert(files).values([
    { tenantId: lantern.tenantId, storageKey: `${lantern.tenantId}/maintext/a.pdf`, originalName: "a.pdf", mimeType: "application/pdf", sizeBytes: 1234, sha256: "a".repeat(64), kind: "maintext" },
    { tenantId: pending.tenantId, storageKey: `${pending.tenantId}/maintext/b.pdf`, originalName: "b.pdf", mimeType: "application/pdf", sizeBytes: 766, sha256: "b".repeat(64), kind: "maintext" },
  ]);
});

describe("super admin dashboard", () => {
  it("counts tenants, users and content across the platform", async () => {
    const body = await statsOf<SuperAdminStats>(superToken);
    expect(body).toMatchObject({
      type: "super_admin",
      // Platform, Lantern, Pending (not approved).
      total_tenants: 3,
      active_tenants: 2,
      // admin@localhost; Lantern's admin, member and idle member; Pending's admin.
      total_users: 5,
      active_users: 4,
      total_projects: 3,
      total_blogs: 1,
      total_presentations: 1,
    });
    expect(body.tenant_stats.map((tenant) => tenant.id).sort()).toEqual([platformId, lantern.tenantId, pending.tenantId].sort());
    expect(body.tenant_stats.find((tenant) => tenant.id === pending.tenantId)).toMatchObject({
      name: "Pending Organisation",
      domain: "pending-organisation",
      is_active: false,
    });
    expect(body.recent_activity.length).toBeGreaterThan(0);
    expect(body.recent_activity.length).toBeLessThanOrEqual(5);
    newestFirst(body.recent_activity);
  });

  it("reports real System Analytics: stored bytes, API requests in 24 hours, database connections", async () => {
    const first = (await statsOf<SuperAdminStats>(superToken)).analytics;
    expect(first.storage_used_bytes).toBe(2000);
    expect(first.storage_quota_bytes).toBeGreaterThan(0);
    expect(first.api_requests_24h).toBeGreaterThan(0);
    expect(first.database_connections).toBeGreaterThanOrEqual(1);
    expect(first.database_max_connections).toBeGreaterThanOrEqual(first.database_connections);

    await call(stats.GET, "GET");
    await call(stats.GET, "GET", { token: member.access_token });
    const second = (await statsOf<SuperAdminStats>(superToken)).analytics;
    // The two calls between, and the first stats call itself, are counted.
    expect(second.api_requests_24h).toBeGreaterThanOrEqual(first.api_requests_24h + 3);
  });
});

describe("tenant admin dashboard", () => {
  it("counts the tenant's users, pending invitations and content only", async () => {
    const body = await statsOf<TenantAdminStats>(lantern.admin.access_token);
    expect(body).toMatchObject({
      type: "tenant_admin",
      total_users: 3,
      active_users: 2,
      pending_invitations: 1,
      total_projects: 2,
      total_blogs: 1,
      total_presentations: 1,
    });
    expect(body.recent_projects.map((project) => project.name).sort()).toEqual(["Annual Report", "Field Guide"]);
    expect(body.recent_blogs.map((blog) => blog.blog_title)).toEqual(["Lights On"]);
    expect(body.recent_presentations).toHaveLength(1);
    expect(body.recent_users.map((user) => user.email).sort()).toEqual(["admin@lantern.test", "idle@lantern.test", "member@lantern.test"]);
    expect(body.recent_users.find((user) => user.email === "idle@lantern.test")?.is_active).toBe(false);
  });

  it("shows the tenant's recent activity, newest first, with readable summaries", async () => {
    const body = await statsOf<TenantAdminStats>(lantern.admin.access_token);
    expect(body.recent_activity.length).toBeLessThanOrEqual(5);
    newestFirst(body.recent_activity);
    expect(body.recent_activity).toContainEqual(
      expect.objectContaining({
        action: "user.invited",
        summary: "Lantern Admin invited invitee@lantern.test as Tenant User",
        actor_user_id: lantern.admin.user.id,
      }),
    );
    expect(body.recent_activity.map((entry) => entry.summary).join("\n")).not.toContain("Pending");
  });
});

describe("user dashboard", () => {
  it("lists the tenant's recent content and only the user's own activity", async () => {
    const body = await statsOf<UserStats>(member.access_token);
    expect(body).toMatchObject({ type: "user", total_projects: 2, total_blogs: 1, total_presentations: 1 });
    expect(body.recent_projects.map((project) => project.name).sort()).toEqual(["Annual Report", "Field Guide"]);
    expect(body.recent_blogs).toHaveLength(1);
    expect(body.recent_presentations).toHaveLength(1);
    expect(body.recent_activity.length).toBeGreaterThan(0);
    expect(body.recent_activity.every((entry) => entry.actor_user_id === member.user.id)).toBe(true);
    expect(body.recent_activity).toContainEqual(
      expect.objectContaining({ action: "user.joined", summary: "Member member@lantern.test accepted the invitation and joined" }),
    );
    expect(body.activity_count).toBeGreaterThanOrEqual(body.recent_activity.length);
    newestFirst(body.recent_activity);
  });

  it("answers 401 without a session", async () => {
    expect((await call(stats.GET, "GET")).status).toBe(401);
  });
});

describe("dashboard cost (issue 8)", () => {
  /** The statements of one stats request besides the actor's own. */
  async function statementsBeyondActor(token: string): Promise<string[]> {
    const { result, statements } = await withStatementLog(() => call(stats.GET, "GET", { token }));
    expect(result.status).toBe(200);
    return statements.filter((text) => !/^with "actor_session" as \(/.test(text));
  }

  it("reads each dashboard in one statement and writes nothing", async () => {
    await statsOf<SuperAdminStats>(superToken);
    for (const token of [superToken, lantern.admin.access_token, member.access_token]) {
      const statements = await statementsBeyondActor(token);
      // The super admin's System Analytics were just read and are cached for a few seconds.
      expect(statements, statements.join("\n\n")).toHaveLength(1);
      expect(statements.join("\n")).not.toMatch(/\b(insert|update|delete)\b/i);
    }
  });

  it("gives times as ISO strings, as the rest of the API", async () => {
    const body = await statsOf<TenantAdminStats & { recent_users: { created_at: string }[] }>(lantern.admin.access_token);
    for (const entry of [...body.recent_activity, ...body.recent_users]) {
      expect(entry.created_at).toBe(new Date(entry.created_at).toISOString());
    }
  });
});
