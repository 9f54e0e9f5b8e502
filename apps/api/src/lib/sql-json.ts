import { type SQL, sql } from 'drizzle-orm';

/**
 * Building API JSON inside PostgreSQL, for lists whose rows would otherwise be mapped field by
 * field in Node (docs/decisions/010-lists-as-json.md). Each helper formats exactly as its
 * JavaScript counterpart does, and the tests compare the two.
 */

/** json_build_object with literal keys (checked: they are pasted into the SQL text). */
export function jsonObject(fields: Record<string, SQL>): SQL {
  const parts = Object.entries(fields).map(([key, value]) => {
    if (!/^[a-z_]+$/.test(key)) throw new Error(`bad JSON key ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(parts, sql`, `)})`;
}

/** A timestamptz as Date.prototype.toISOString writes it (UTC, milliseconds, Z), or null. */
export function isoSql(value: SQL | unknown): SQL {
  return sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Grosze as PLN with two decimals, as formatGrosze writes them ("1234.50", "-0.05"). */
export function plnSql(grosze: SQL | unknown): SQL {
  return sql`to_char((${grosze})::numeric / 100, 'FM999999999999999990.00')`;
}
