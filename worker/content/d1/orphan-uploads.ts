/**
 * Files of submissions whose row was never written. A submission stores its files in R2 first and
 * its row in D1 last (submissions.ts), so a Worker stopped between the two (a deploy, a crash)
 * leaves files nobody can see: never a row without its files. The admin listing sweeps such
 * files once they are older than the grace, which must outlast any write still under way
 * (docs/decisions/028-outside-lanes.md).
 */
export const DEFAULT_ORPHAN_GRACE_MS = 15 * 60_000;

// D1 binds at most 100 parameters per statement.
const CHUNK = 90;

/** Deletes orphaned submission files older than `graceMs`; returns the keys it removed. */
export async function sweepOrphanedUploads(
  db: D1Database,
  bucket: R2Bucket,
  graceMs: number,
  now = Date.now(),
): Promise<string[]> {
  const byReference = new Map<string, string[]>();
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix: "submissions/", cursor });
    for (const object of listed.objects) {
      if (now - object.uploaded.getTime() < graceMs) continue;
      const reference = object.key.split("/")[1] ?? "";
      byReference.set(reference, [...(byReference.get(reference) ?? []), object.key]);
    }
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);

  const references = [...byReference.keys()];
  const orphans: string[] = [];
  for (let i = 0; i < references.length; i += CHUNK) {
    const chunk = references.slice(i, i + CHUNK);
    const marks = chunk.map((_, j) => `?${j + 1}`).join(", ");
    const rows = await db
      .prepare(`SELECT reference FROM submissions WHERE reference IN (${marks})`)
      .bind(...chunk)
      .all<{ reference: string }>();
    const known = new Set(rows.results.map((r) => r.reference));
    for (const reference of chunk)
      if (!known.has(reference)) orphans.push(...(byReference.get(reference) ?? []));
  }
  if (orphans.length) await bucket.delete(orphans);
  return orphans;
}
