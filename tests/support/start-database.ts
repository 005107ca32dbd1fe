// Brings the database of DATABASE_URL up to date as a starting server process does (migrations, then the seed), and
// prints "ready"; tests start several at once on one database.
import { closeDatabase } from "@/db/client";
import { ensureDatabaseReady } from "@/db/startup";

async function main(): Promise<void> {
  await ensureDatabaseReady();
  await closeDatabase();
  console.log("ready");
}

void main();
