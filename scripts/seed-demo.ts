// npm run seed:demo — a demo organisation, user, blog and a completed, narrated, shared presentation on the database
// the app uses (DATABASE_URL, else the embedded PGlite in DATA_DIR), so a newcomer sees the whole product in a
// minute. Reads .env.local and .env as the app does. See lib/seed/demo.ts.
import { existsSync } from "node:fs";

async function main(): Promise<void> {
  for (const file of [".env.local", ".env"]) if (existsSync(file)) process.loadEnvFile(file);
  const { env } = await import("@/lib/env");
  const { closeDatabase, pgliteDirectory } = await import("@/db/client");
  const { seedDemo } = await import("@/lib/seed/demo");
  await import("@/lib/jobs/workers");
  const { stopJobQueue } = await import("@/lib/jobs/queue");
  const settings = env();
  if (settings.DATABASE_URL) {
    console.log("Seeding the demo on the PostgreSQL database of DATABASE_URL.");
  } else {
    console.log(`Seeding the demo on the embedded PGlite database in ${pgliteDirectory()}.`);
    console.log("Stop the app first: only one process at a time can open an embedded PGlite database.");
  }
  try {
    const result = await seedDemo((line) => console.log(line));
    const base = settings.APP_URL.replace(/\/+$/, "");
    console.log(
      [
        "",
        "  The demo is ready. Start the app (npm start; it builds first when needed), then:",
        `    open:       ${base}/login`,
        `    e-mail:     ${result.email}`,
        `    password:   ${result.password}`,
        `    player:     ${base}/presentations/${result.presentationId}/view`,
        `    share link: ${base}${result.shareUrl}   (no sign-in needed)`,
        "",
      ].join("\n"),
    );
  } finally {
    // Creating the blog sends its extraction job, which starts the queue (its work is done here directly).
    await stopJobQueue();
    await closeDatabase();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
