// `npm run bench:share [share URL]`: the public share page (/share/presentation/{token}) against a static page of
// the same build (/login, prerendered) as the floor: first-load JavaScript (gzipped, every script the HTML names
// except `nomodule` ones, and those the share page's loader adds after its first picture) and request rate and
// latency under 50 connections for 10 s (autocannon).
// With a share URL it measures that running server. Without one it starts the production build (NEXT_DIST_DIR or
// .next) on a fresh PostgreSQL database (BENCH_POSTGRES_URL or DATABASE_URL, else the local server, as bench:api;
// dropped afterwards), or on PGlite when no PostgreSQL answers, makes a narrated 3-slide presentation through the
// API as the super admin (tenant, tenant admin, project, blog, manual deck, wait for its audio, share) and
// measures that.
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { sharePageTarget } from "./lib/shared-deck-server.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3410);
const SUPER_ADMIN = { email: "superadmin@bench-share.test", password: "Bench#ShareAdmin-2026" };
const PG_BASE = process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function log(message) {
  process.stderr.write(`${message}\n`);
}


async function firstLoadJs(base, pathname) {
  const response = await fetch(`${base}${pathname}`);
  const html = await response.text();
  const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].filter((match) => !/\bnomodule\b/i.test(match[0]));
  // The share page names its chunks in the loader that asks for them after the first picture (lib/http/picture-first.ts).
  const deferred = /<script>\(function\(u,q,w\)[^<]*\}\)\((\[[^\]]*\])/.exec(html);
  const named = [...tags.map((match) => match[1].replace(/&amp;/g, "&")), ...(deferred ? JSON.parse(deferred[1]) : [])];
  const sources = [...new Set(named)];
  let bytes = 0;
  for (const source of sources) bytes += gzipSync(Buffer.from(await (await fetch(new URL(source, base))).arrayBuffer())).length;
  return { status: response.status, scripts: sources.length, kilobytes: bytes / 1024 };
}

async function measure(base, pathname) {
  const result = await autocannon({ url: `${base}${pathname}`, connections: CONNECTIONS, duration: DURATION });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
}

async function main() {
  const { base, sharePath, where, stop } = await sharePageTarget(process.argv[2], {
    port: PORT,
    pgBase: PG_BASE,
    name: "bench_share",
    label: "Bench Share",
    appSecret: "bench-share-secret-that-is-at-least-32-characters",
    superAdmin: SUPER_ADMIN,
    rateLimitScale: 100000,
    log,
  });
  try {
    const first = await fetch(`${base}${sharePath}`);
    if (first.status !== 200) throw new Error(`${sharePath} answered ${first.status}: ${(await first.text()).slice(0, 500)}`);
    log(`Measuring ${sharePath} and /login: ${CONNECTIONS} connections, ${DURATION} s each...`);
    const [shareJs, loginJs] = [await firstLoadJs(base, sharePath), await firstLoadJs(base, "/login")];
    // One warm-up request each, then the floor first.
    const floor = await measure(base, "/login");
    const share = await measure(base, sharePath);
    const row = (name, result, js) =>
      `| ${name} | ${js.kilobytes.toFixed(1)} KB (${js.scripts} files) | ${Math.round(result.rps)} | ${result.p50} | ${result.p99} | ${(result.rps / floor.rps).toFixed(2)} | ${result.bad} |`;
    console.log(`\nShare page benchmark (${CONNECTIONS} connections, ${DURATION} s, ${base}${where})\n`);
    console.log("| page | first-load JS (gzip) | req/s | p50 ms | p99 ms | rate / floor | non-2xx or errors |");
    console.log("|---|---|---|---|---|---|---|");
    console.log(row("/login (static floor)", floor, loginJs));
    console.log(row("/share/presentation/{token}", share, shareJs));
    const goals = [
      `first-load JS ${shareJs.kilobytes.toFixed(1)} KB ${shareJs.kilobytes < 150 ? "<" : ">="} 150 KB goal`,
      `request rate ${(share.rps / floor.rps).toFixed(2)} of the floor (goal >= 0.5)`,
    ];
    console.log(`\n${goals.join("; ")}`);
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
