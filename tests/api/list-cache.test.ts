// Kept list pages (lib/services/list-cache.ts) and the data versions they are keyed by (migration 0009): a page is
// answered again only while nothing it shows has changed, whoever changed it (a service, a job, plain SQL), and
// only to an actor with the same reach.
import { count, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import * as projectBlogsRoute from "@/app/api/v1/blogs/project/[projectId]/route";
import * as blogsRoute from "@/app/api/v1/blogs/route";
import * as projectsRoute from "@/app/api/v1/projects/route";
import * as tenantsRoute from "@/app/api/v1/tenants/route";
import * as usersRoute from "@/app/api/v1/users/route";
import { getDb } from "@/db/client";
import { dataVersionBumps } from "@/db/schema";
import { withStatementLog } from "@/db/statement-log";
import { actorForSession } from "@/lib/services/access";
import { call } from "../support/api";
import { signIn, type SignedIn } from "../support/accounts";
import { createUser, listOf, organisation, permissionIdOf, superAdmin, type ListedUser } from "../support/admin";
import { newBlog, newProject } from "../support/projects-blogs";

let north: SignedIn;
let south: SignedIn;
let platform: SignedIn;
let memberId = "";
let projectId = "";
let blogId = "";

beforeAll(async () => {
  platform = await superAdmin();
  north = (await organisation("Keptnorth")).admin;
  south = (await organisation("Keptsouth")).admin;
  memberId = (await createUser(north.access_token, { email: "grace@keptnorth.test", full_name: "Grace Hopper" })).id;
  await createUser(south.access_token, { email: "alan@keptsouth.test", full_name: "Alan Turing" });
  projectId = (await newProject(north.access_token, "Kept Project", "Shown from memory")).id;
  await newProject(south.access_token, "Southern Project");
  blogId = (await newBlog(north.access_token, projectId, { blog_title: "Kept Blog" })).id;
});

async function run(statement: ReturnType<typeof sql>): Promise<void> {
  await (await getDb()).execute(statement);
}

/** The data version the actor's statement reads for this signed-in session. */
async function versionOf(session: SignedIn): Promise<string | null> {
  const { sub, sid } = decodeJwt(session.access_token);
  if (typeof sub !== "string" || typeof sid !== "string") throw new Error("access token without a user or session");
  const actor = await actorForSession(await getDb(), sub, sid);
  if (!actor) throw new Error("the session is not live");
  return actor.dataVersion;
}

describe("data versions", () => {
  // One write per table a kept list reads, by plain SQL: the triggers, not the services, move the version.
  const writes: [string, () => ReturnType<typeof sql>][] = [
    ["tenants", () => sql`update tenants set name = name where id = ${north.user.tenant_id}`],
    ["users", () => sql`update users set full_name = full_name where id = ${memberId}`],
    ["tenant_user_counts", () => sql`update tenant_user_counts set active_users = active_users where tenant_id = ${north.user.tenant_id}`],
    ["roles", () => sql`update roles set name = name where tenant_id = ${north.user.tenant_id}`],
    ["user_roles", () => sql`update user_roles set role_id = role_id where user_id = ${memberId}`],
    [
      "role_permissions",
      () => sql`update role_permissions set role_id = role_id where role_id in (select id from roles where tenant_id = ${north.user.tenant_id})`,
    ],
    ["projects", () => sql`update projects set name = name where id = ${projectId}`],
    ["blogs", () => sql`update blogs set blog_title = blog_title where id = ${blogId}`],
  ];

  it.each(writes)(
    "a change to %s moves the tenant's version and the platform's sum, not another tenant's",
    async (_table, write) => {
      const [northBefore, southBefore, platformBefore] = [await versionOf(north), await versionOf(south), await versionOf(platform)];
      await run(write());
      expect(await versionOf(north)).not.toBe(northBefore);
      expect(await versionOf(platform)).not.toBe(platformBefore);
      expect(await versionOf(south)).toBe(southBefore);
    },
  );

  it("an override, an invitation, a source and a file move it too", async () => {
    const db = await getDb();
    const permissionId = await permissionIdOf("project.create");
    let before = await versionOf(north);
    await db.execute(sql`insert into user_permission_overrides (tenant_id, user_id, permission_id, granted)
      values (${north.user.tenant_id}, ${memberId}, ${permissionId}, false)`);
    expect(await versionOf(north)).not.toBe(before);
    before = await versionOf(north);
    await db.execute(sql`insert into invitations (tenant_id, email, role_id, token_hash, expires_at)
      values (${north.user.tenant_id}, 'kept@keptnorth.test', (select id from roles where tenant_id = ${north.user.tenant_id} limit 1),
        'kept-token-hash', now() + interval '1 day')`);
    expect(await versionOf(north)).not.toBe(before);
    before = await versionOf(north);
    await db.execute(sql`insert into blog_sources (tenant_id, blog_id, kind, position, content)
      values (${north.user.tenant_id}, ${blogId}, 'content_block', 99, 'Added by SQL')`);
    expect(await versionOf(north)).not.toBe(before);
    before = await versionOf(north);
    await db.execute(sql`insert into files (tenant_id, storage_key, original_name, mime_type, size_bytes, sha256, kind)
      values (${north.user.tenant_id}, ${`${north.user.tenant_id}/sourcefile/kept.pdf`}, 'kept.pdf', 'application/pdf', 1, 'x', 'sourcefile')`);
    expect(await versionOf(north)).not.toBe(before);
  });

  it("a global role's change moves every tenant's version", async () => {
    const [northBefore, southBefore] = [await versionOf(north), await versionOf(south)];
    await run(sql`update roles set name = name where tenant_id is null`);
    expect(await versionOf(north)).not.toBe(northBefore);
    expect(await versionOf(south)).not.toBe(southBefore);
  });

  it("a rolled-back change, or an update that matches nothing, leaves the version as it was", async () => {
    const before = await versionOf(north);
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update projects set name = 'Never Seen' where id = ${projectId}`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await run(sql`update projects set name = name where id = ${projectId} and false`);
    expect(await versionOf(north)).toBe(before);
  });

  it("several statements of one transaction move it once, at commit", async () => {
    const db = await getDb();
    const before = await versionOf(north);
    const [northPart, platformPart] = String(before).split(":").map(Number);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update projects set name = name where id = ${projectId}`);
      await tx.execute(sql`update blogs set blog_title = blog_title where id = ${blogId}`);
      await tx.execute(sql`update users set full_name = full_name where id = ${memberId}`);
    });
    expect(await versionOf(north)).toBe(`${Number(northPart) + 1}:${platformPart}`);
    const [row] = await db.select({ queued: count() }).from(dataVersionBumps);
    expect(row?.queued).toBe(0);
  });
});

describe("kept list pages", () => {
  it("a user renamed by plain SQL shows in the next user list, and the page before it was answered without reading", async () => {
    const names = async () => (await listOf<ListedUser>(usersRoute.GET, { token: north.access_token })).items.map((item) => item.full_name);
    expect(await names()).toContain("Grace Hopper");
    const { statements } = await withStatementLog(() => names());
    expect(statements).toHaveLength(1);
    await run(sql`update users set full_name = 'Grace Brewster Hopper' where id = ${memberId}`);
    expect(await names()).toContain("Grace Brewster Hopper");
  });

  it("projects, the project's blogs, the blogs and the tenants show a change made by plain SQL", async () => {
    const projectNames = async () =>
      (await listOf<{ name: string }>(projectsRoute.GET, { token: north.access_token })).items.map((item) => item.name);
    const projectBlogTitles = async () =>
      (await listOf<{ blog_title: string }>(projectBlogsRoute.GET, { token: north.access_token, params: { projectId } })).items.map(
        (item) => item.blog_title,
      );
    const blogTitles = async () =>
      (await listOf<{ blog_title: string }>(blogsRoute.GET, { token: north.access_token })).items.map((item) => item.blog_title);
    const tenantNames = async () =>
      (await listOf<{ name: string }>(tenantsRoute.GET, { token: platform.access_token, query: { limit: "100" } })).items.map(
        (item) => item.name,
      );
    expect(await projectNames()).toContain("Kept Project");
    expect(await projectBlogTitles()).toContain("Kept Blog");
    expect(await blogTitles()).toContain("Kept Blog");
    const tenantsBefore = await tenantNames();
    await run(sql`update projects set name = 'Renamed Project' where id = ${projectId}`);
    await run(sql`update blogs set blog_title = 'Renamed Blog' where id = ${blogId}`);
    await run(sql`update tenants set name = 'Renamed North' where id = ${north.user.tenant_id}`);
    expect(await projectNames()).toContain("Renamed Project");
    expect(await projectBlogTitles()).toContain("Renamed Blog");
    expect(await blogTitles()).toContain("Renamed Blog");
    const tenantsAfter = await tenantNames();
    expect(tenantsAfter).toContain("Renamed North");
    expect(tenantsAfter).not.toEqual(tenantsBefore);
  });

  it("a change in one tenant leaves another tenant's kept page in place", async () => {
    const list = () => withStatementLog(() => listOf<{ name: string }>(projectsRoute.GET, { token: south.access_token }));
    await list();
    await run(sql`update projects set description = 'Changed' where id = ${projectId}`);
    const { result, statements } = await list();
    expect(statements).toHaveLength(1);
    expect(result.items.map((item) => item.name)).toEqual(["Southern Project"]);
  });

  it("two tenants asking the same query each get their own rows", async () => {
    const northList = await listOf<{ name: string; tenant_id: string }>(projectsRoute.GET, { token: north.access_token, query: { limit: "7" } });
    const southList = await listOf<{ name: string; tenant_id: string }>(projectsRoute.GET, { token: south.access_token, query: { limit: "7" } });
    expect(new Set(northList.items.map((item) => item.tenant_id))).toEqual(new Set([north.user.tenant_id]));
    expect(new Set(southList.items.map((item) => item.tenant_id))).toEqual(new Set([south.user.tenant_id]));
  });

  it("requests that ask together while no page is kept read the list once", async () => {
    await run(sql`update projects set name = name where id = ${projectId}`);
    const { result, statements } = await withStatementLog(() =>
      Promise.all(Array.from({ length: 5 }, () => call(projectsRoute.GET, "GET", { token: north.access_token, query: { limit: "3" } }))),
    );
    expect(result.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = await Promise.all(result.map((response) => response.text()));
    expect(new Set(bodies).size).toBe(1);
    // Five actors, one list.
    expect(statements.filter((text) => /^with "actor_session" as \(/.test(text))).toHaveLength(5);
    expect(statements).toHaveLength(6);
  });

  it("a user of the same tenant without the list's permission is refused, though the page is kept", async () => {
    const member = await createUser(north.access_token, { email: "nolist@keptnorth.test" });
    const session = await signIn("nolist@keptnorth.test", member.password);
    await listOf<ListedUser>(usersRoute.GET, { token: north.access_token });
    await listOf<ListedUser>(usersRoute.GET, { token: north.access_token });
    const refused = await call(usersRoute.GET, "GET", { token: session.access_token });
    expect(refused.status).toBe(403);
  });
});
