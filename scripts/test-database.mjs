// Creates or drops a PostgreSQL database next to DATABASE_URL's: `create NAME` prints the new URL, `drop URL` removes it.
import postgres from "postgres";

const [command, argument] = process.argv.slice(2);
const base = process.env.DATABASE_URL;
if (!base) {
  console.error("DATABASE_URL is not set");
  process.exit(1);
}

function databaseUrl(name) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

const admin = postgres(base, { max: 1, onnotice: () => {} });
try {
  if (command === "create") {
    if (!/^[a-z0-9_]+$/.test(argument ?? "")) throw new Error("database name: lower-case letters, digits and _ only");
    await admin.unsafe(`create database "${argument}"`);
    console.log(databaseUrl(argument));
  } else if (command === "drop") {
    const name = new URL(argument).pathname.slice(1);
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } else {
    throw new Error("usage: test-database.mjs create NAME | drop URL");
  }
} finally {
  await admin.end();
}
