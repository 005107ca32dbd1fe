// Makes sure Debian's Chromium is installed for the end-to-end tests: Playwright never downloads browsers here.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

if (!existsSync(CHROMIUM_PATH)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install Debian's chromium package (sudo apt-get install chromium) ` +
        "or set CHROMIUM_PATH to a Chromium binary, then run the tests again.",
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the end-to-end tests...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execSync("apt-get update -qq", { stdio: "inherit", env });
  execSync("apt-get install -y -qq chromium", { stdio: "inherit", env });
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
    process.exit(1);
  }
}
