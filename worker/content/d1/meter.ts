/**
 * What one request costs the embedded store (docs/decisions/070-rows-read-per-request.md): D1
 * bills every row a statement reads, and returns the count with each result (`meta.rows_read`,
 * locally too). The metered database sums it over every statement the request runs, batches
 * included; `Server-Timing` reports it (serverTiming).
 *
 * FTS5 counts as the rows its virtual table hands to SQLite (a match, one row), not the index
 * pages FTS5 reads to find them: a ranked `MATCH … ORDER BY rank LIMIT 15` reads about 15 rows
 * however many documents match, while the CPU it takes still grows with them.
 */
export interface D1Meter {
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  /** The sum of D1's own `meta.duration` (SQL time in milliseconds). */
  durationMs: number;
}

export const newMeter = (): D1Meter => ({ statements: 0, rowsRead: 0, rowsWritten: 0, durationMs: 0 });

function count(meter: D1Meter, result: D1Result | D1ExecResult | undefined) {
  meter.statements++;
  const meta = result && "meta" in result ? (result.meta as Partial<D1Meta>) : undefined;
  meter.rowsRead += meta?.rows_read ?? 0;
  meter.rowsWritten += meta?.rows_written ?? 0;
  meter.durationMs += (result && "duration" in result ? result.duration : meta?.duration) ?? 0;
}

/** The statement `statement` wraps (for batches of metered statements). */
const inner = new WeakMap<D1PreparedStatement, D1PreparedStatement>();

function meteredStatement(statement: D1PreparedStatement, meter: D1Meter): D1PreparedStatement {
  const wrapped: D1PreparedStatement = {
    bind: (...values: unknown[]) => meteredStatement(statement.bind(...values), meter),
    async first<T>(column?: string): Promise<T | null> {
      // D1's first() reads the same rows and drops the meta: all() keeps it.
      const result = await statement.all<Record<string, unknown>>();
      count(meter, result);
      const row = result.results[0];
      if (!row) return null;
      return (column === undefined ? row : row[column]) as T;
    },
    async all<T>() {
      const result = await statement.all<T>();
      count(meter, result);
      return result;
    },
    async run<T>() {
      const result = await statement.run<T>();
      count(meter, result);
      return result;
    },
    raw: ((options?: { columnNames?: boolean }) =>
      statement.raw(options as { columnNames: true })) as D1PreparedStatement["raw"],
  } as D1PreparedStatement;
  inner.set(wrapped, statement);
  return wrapped;
}

/** `db` with every statement's rows read and written added to `meter`. */
export function meteredD1(db: D1Database, meter: D1Meter): D1Database {
  return {
    prepare: (query: string) => meteredStatement(db.prepare(query), meter),
    async batch<T>(statements: D1PreparedStatement[]) {
      const results = await db.batch<T>(statements.map((s) => inner.get(s) ?? s));
      for (const result of results) count(meter, result);
      return results;
    },
    async exec(query: string) {
      const result = await db.exec(query);
      count(meter, result);
      return result;
    },
    withSession: (constraint?: string) => db.withSession(constraint as D1SessionConstraint),
    dump: () => db.dump(),
  } as D1Database;
}

/**
 * The `Server-Timing` entry of a request that read the store: `db;dur=<D1's SQL
 * milliseconds>;desc="rows=<rows read>"`. Added to the answer as it leaves, after the page cache
 * kept its copy, so a stored page never carries the figure of the request that rendered it.
 */
export function serverTiming(meter: D1Meter): string | null {
  if (meter.statements === 0) return null;
  return `db;dur=${Math.round(meter.durationMs * 100) / 100};desc="rows=${meter.rowsRead}"`;
}
