// Lists whose page PostgreSQL writes as the very JSON text the API sends (the user and project lists): the driver
// then reads one text value instead of a row per item, and the route sends it without parsing and serialising
// the items again. The text must be byte for byte what JSON.stringify makes of the items, so it is built with
// row_to_json (json_build_object and json_agg write spaces JSON.stringify does not).
import { sql, type SQL } from "drizzle-orm";

/** A timestamp as `Date.toISOString()` writes it (UTC, milliseconds). */
export function iso(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The JSON array text of `item` (a row expression, e.g. a LATERAL subquery's alias) over `from`, in `order`. */
export function jsonArrayText(item: SQL, from: SQL, order: SQL): SQL {
  return sql`coalesce((select '[' || string_agg(row_to_json(${item})::text, ',' order by ${order}) || ']' from ${from}), '[]')`;
}
