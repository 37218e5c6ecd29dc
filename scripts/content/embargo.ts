/**
 * Scheduled publishing in the embedded store (docs/decisions/153-scheduled-publishing.md): a row
 * whose file says `pub_status: published` with a `publish_at` ahead is written as a draft with
 * its due time in UTC (`publish_due`), and read back as the file wrote it. Pure TypeScript:
 * sql/to-sql.ts runs in workerd.
 */
import { zonedInstant } from "../../core/content/kind";

/**
 * The row D1 keeps for a record: embargoed (a draft with `publish_due`) when it is published with
 * a `publish_at` later than `now`, else as it is with no due time. Rows of kinds without
 * `publish_at` (genres, locations) and rows already given a due time are left as they are.
 */
export function embargoed<T extends object>(row: T, now: number): T {
  const r = row as Record<string, unknown>;
  if (!("publish_at" in r) || "publish_due" in r) return row;
  const due =
    r.pub_status === "published" && typeof r.publish_at === "string" ? zonedInstant(r.publish_at) : NaN;
  return (
    due > now
      ? { ...r, pub_status: "draft", publish_due: new Date(due).toISOString() }
      : { ...r, publish_due: null }
  ) as T;
}

/** A record read out of D1 as its file says it: an embargoed draft is published with its `publish_at`. */
export function unembargoed<T extends object>(record: T): T {
  const { publish_due, ...rest } = record as Record<string, unknown>;
  if (publish_due === undefined) return record;
  return (publish_due === null ? rest : { ...rest, pub_status: "published" }) as T;
}
