import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    pool: "forks",
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
          setupFiles: ["tests/api/setup.ts"],
          testTimeout: 30_000,
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
