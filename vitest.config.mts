import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    pool: "forks",
    // Vitest's default on a 2-core machine is one worker (cores - 1), which leaves the cores idle while a file waits on
    // PostgreSQL, a job or a child process (the unit and API run spent about a third of its time on the CPU). Two
    // files at a time, each on its own database and data folder. VITEST_MAX_WORKERS overrides it.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          // One migrated database per run, which each file's own database copies (tests/support/migrated-template.ts).
          globalSetup: ["tests/support/migrated-template.ts"],
          setupFiles: ["tests/api/setup.ts"],
          // A guard against a hung test, not a speed limit: the heaviest tests (three recordings recognised in turn,
          // decks drawn and narrated) took up to half of 30 s on a busy machine, and the build runs beside them.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Issue 20's acceptance: hostile inputs, faults and two processes against the production build (npm test runs
        // it after the build: `vitest run --project resilience --no-file-parallelism`). Each file starts its own
        // servers on ports from RESILIENCE_PORT (default 3450) and its own databases.
        extends: true,
        test: {
          name: "resilience",
          include: ["tests/resilience/**/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
