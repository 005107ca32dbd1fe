// Global set-up of the API tests on PostgreSQL: one database with the committed migrations applied, made once per
// run, which each test file's own fresh database copies (CREATE DATABASE ... TEMPLATE) instead of migrating an empty
// one again; dropped when the run ends. Each file's start-up still runs the migrator (finding nothing to do), the
// seed and the job queue's set-up on its own database. The tests of migrating an empty database (seed.test.ts,
// startup-lock.test.ts) make empty databases of their own. On PGlite there is nothing to share.
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import type { TestProject } from "vitest/node";
import { migrationsFolder } from "@/db/migrate";
import { dropTestDatabase, testDatabaseName, testServerUrl } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database each API test file's database copies ("" on PGlite). */
    migratedTemplateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const baseUrl = testServerUrl();
  if (!baseUrl) {
    project.provide("migratedTemplateDatabase", "");
    return undefined;
  }
  const name = testDatabaseName("api_template");
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // No connection may stay open on a template, or copying it fails.
  const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } catch (error) {
    await client.end();
    await dropTestDatabase(baseUrl, name);
    throw error;
  }
  await client.end();
  project.provide("migratedTemplateDatabase", name);
  return () => dropTestDatabase(baseUrl, name);
}
