import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The floors (docs/architecture.md): app -> components -> lib's entry points -> lib/services -> lib's supporting
// modules -> db. An import may only run downwards; each folder's rule names what lies above it.
const UP = {
  app: { regex: "^@/app(/|$)", message: "app/ is the top floor: nothing below it imports it." },
  components: { regex: "^@/components(/|$)", message: "components/ is above lib/ and db/: move what both need down into lib/." },
  relativeUp: { regex: "^(\\.\\./)+(app|components)(/|$)", message: "app/ and components/ lie above this floor." },
  entries: {
    regex: "^@/lib/(http/(route|action|session|resolve-actor|dashboard-page|share-page)|jobs/workers|seed|dashboard)(/|$)",
    message: "lib's entry points (the route and action wrappers, the session resolvers, the page builders, the job registry, the seeds) stand above the services.",
  },
  services: { regex: "^@/lib/services(/|$)", message: "lib/services is above lib's supporting modules and db/: pass what is needed in, or move it down." },
  registryHere: { regex: "^\\./workers$", message: "The job registry stands above the services, which send their jobs through the queue." },
};
const floor = (...patterns) => ["error", { patterns: patterns.map(({ regex, message }) => ({ regex, message })) }];
// Client forms receive the server actions they post to (Next.js passes an action to a client form so).
const appButActions = { regex: "^@/app/(?!.*/actions$)", message: "components/ import from app/ only the server actions their forms post to." };
const SUPPORTING = ["ai", "auth", "content", "csv", "errors", "mail", "player", "pptx", "shell", "slides", "speech", "storage", "validation", "workers"];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The floors, per folder (the last matching entry wins, so each folder appears once).
  { files: ["components/**"], rules: { "no-restricted-imports": floor(appButActions, { regex: "^(\\.\\./)+app(/|$)", message: appButActions.message }) } },
  { files: ["lib/**"], rules: { "no-restricted-imports": floor(UP.app, UP.components, UP.relativeUp) } },
  { files: ["lib/services/**"], rules: { "no-restricted-imports": floor(UP.app, UP.components, UP.relativeUp, UP.entries) } },
  {
    files: ["lib/*.ts", "lib/*.mjs", ...SUPPORTING.map((folder) => `lib/${folder}/**`)],
    rules: { "no-restricted-imports": floor(UP.app, UP.components, UP.relativeUp, UP.entries, UP.services) },
  },
  // The job queue is below the services that send their jobs through it; the registry above them (lib/jobs/workers.ts)
  // hands it their workers' start, so it names neither.
  {
    files: ["lib/jobs/queue.ts", "lib/jobs/starter.ts"],
    rules: {
      "no-restricted-imports": floor(UP.app, UP.components, UP.relativeUp, UP.entries, UP.services, UP.registryHere),
      "no-restricted-syntax": ["error", { selector: "ImportExpression", message: "The job queue loads no module when it runs: the registry hands it what it starts." }],
    },
  },
  { files: ["db/**"], rules: { "no-restricted-imports": floor(UP.app, UP.components, UP.relativeUp, UP.entries, UP.services) } },
  // CommonJS files (loaded by both plain Node.js scripts and TypeScript configs) load their modules with require().
  { files: ["**/*.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  { ignores: [".next/**", ".next-*/**", ".data/**", "node_modules/**", "db/migrations/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
];

export default config;
