import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // CommonJS files (loaded by both plain Node.js scripts and TypeScript configs) load their modules with require().
  { files: ["**/*.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  { ignores: [".next/**", ".next-*/**", ".data/**", "node_modules/**", "db/migrations/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
];

export default config;
