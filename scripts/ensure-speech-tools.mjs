// Makes sure Debian's speech tools are installed for the offline speech-to-text path and its tests: pocketsphinx
// (pocketsphinx_continuous), its US English model, its test recordings (human speech the tests recognise) and ffmpeg
// (decodes browser recordings). Installs only what is missing, with apt-get, as root; otherwise says what to run.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Each package and a file only it installs. */
const PACKAGES = [
  { name: "pocketsphinx", file: "/usr/bin/pocketsphinx_continuous" },
  { name: "pocketsphinx-en-us", file: "/usr/share/pocketsphinx/model/en-us/en-us" },
  { name: "pocketsphinx-testdata", file: "/usr/share/pocketsphinx/test/data/librivox/transcription" },
  { name: "ffmpeg", file: "/usr/bin/ffmpeg" },
];

const missing = PACKAGES.filter((entry) => !existsSync(entry.file)).map((entry) => entry.name);

if (missing.length > 0) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Speech tools are missing: ${missing.join(", ")}. Install Debian's packages (sudo apt-get install ${missing.join(" ")}), or run this script as root.`);
    process.exit(1);
  }
  console.log(`Installing Debian's ${missing.join(", ")} for offline speech recognition...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execSync("apt-get update -qq", { stdio: "inherit", env });
  execSync(`apt-get install -y -qq --no-install-recommends ${missing.join(" ")}`, { stdio: "inherit", env });
  const still = PACKAGES.filter((entry) => !existsSync(entry.file)).map((entry) => entry.file);
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.join(", ")} ${still.length === 1 ? "is" : "are"} still missing.`);
    process.exit(1);
  }
}
