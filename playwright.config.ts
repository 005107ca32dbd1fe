import { defineConfig } from "@playwright/test";
import { serverEnvironment, serverNodeFlags } from "./scripts/server-flags.cjs";
import { SMTP_URL } from "./tests/e2e/support/smtp";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// The production server on a throwaway data folder (and a fresh PostgreSQL database when scripts/test.mjs made one).
const serverEnv: Record<string, string> = {
  ...serverEnvironment(),
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "",
  NODE_ENV: "production",
  PORT: String(port),
  APP_URL: baseURL,
  DATA_DIR: process.env.E2E_DATA_DIR ?? ".data/e2e",
  APP_SECRET: "e2e-secret-that-is-at-least-32-characters-long",
  SUPER_ADMIN_EMAIL: "superadmin@e2e.test",
  SUPER_ADMIN_PASSWORD: "SuperAdmin#2026",
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
  // Every e2e sign-in comes from one address; the per-IP limits would otherwise cap the suite's sign-ins.
  RATE_LIMIT_SCALE: "20",
  // A narration whose voice fails is tried again after 1 s and 2 s (10 s and 20 s by default), so the speech spec's
  // failing deck reaches 'timeout' in seconds rather than half a minute.
  NARRATION_RETRY_DELAY_SECONDS: "1",
  // Job workers look for waiting work every half second (1-2 s by default): with several spec files at once, decks'
  // render and narration jobs wait behind each other, each of the later ones picked up by a poll.
  JOB_POLL_SECONDS: "0.5",
  ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
  ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  // E-mail goes to the SMTP server that tests/e2e/global-setup.ts starts in the test runner.
  SMTP_URL,
  // gTTS (Google Translate's voice) and Azure at an address that refuses connections, with or without internet
  // access: gTTS is then not offered, a deck narrated by Azure fails at once with its reason, and no test depends on
  // Google or Microsoft.
  GTTS_ENDPOINT: "http://127.0.0.1:65531",
  AZURE_TTS_ENDPOINT: "http://127.0.0.1:65531",
};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "test-results/e2e",
  // Two spec files at a time against the one server: each test makes its own organisation, and the machine's two
  // cores were a third idle with one (the browser and the server wait on each other). A file's tests run in order.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { outputFolder: "playwright-report", open: "never" }]],
  use: {
    baseURL,
    // A trace is recorded for a test's retry only (CI retries a failed test once), not for every test: recording one
    // (screencast frames, DOM snapshots) was a fifth of the suite's CPU time, most of it for traces of tests that
    // passed and were thrown away.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    // The production server of `npm start` (the client address from the socket), on the existing build.
    command: `node ${serverNodeFlags().join(" ")} scripts/server.mjs --port ${port} --hostname 127.0.0.1`,
    url: `${baseURL}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: serverEnv,
    stdout: "pipe",
    stderr: "pipe",
  },
});
