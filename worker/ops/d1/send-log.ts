import type { AnnouncementLog } from "../announcement-log";

type SendLog = Pick<
  AnnouncementLog,
  | "hasSends"
  | "pendingCount"
  | "pendingPage"
  | "markEnqueued"
  | "send"
  | "mark"
  | "claim"
  | "unclaim"
  | "recordAttempt"
  | "markDead"
  | "listed"
>;

/**
 * The send log, D1's `announcement_sends` (migrations/0009_mail.sql, 0012_announcement_claims.sql):
 * one row per (announcement, subscriber), claimed before its mail is sent
 * (docs/decisions/098-the-mail-in-flight.md).
 */
export function d1SendLog(db: D1Database): SendLog {
  return {
    async hasSends(id) {
      const row = await db
        .prepare("SELECT 1 FROM announcement_sends WHERE announcement_id = ? LIMIT 1")
        .bind(id)
        .first();
      return row !== null;
    },
    async pendingCount(id) {
      const row = await db
        .prepare(
          "SELECT COUNT(*) AS n FROM announcement_sends WHERE announcement_id = ? AND status = 'pending'",
        )
        .bind(id)
        .first<{ n: number }>();
      return row?.n ?? 0;
    },
    async pendingPage(id, after, before, limit) {
      const { results } = await db
        .prepare(
          `SELECT subscriber_id AS id FROM announcement_sends
           WHERE announcement_id = ? AND status = 'pending' AND subscriber_id > ? AND (enqueued_at IS NULL OR enqueued_at < ?)
           ORDER BY subscriber_id LIMIT ?`,
        )
        .bind(id, after, before, limit)
        .all<{ id: number }>();
      return results.map((r) => r.id);
    },
    async markEnqueued(id, after, last, before, at) {
      // Marked by the range just read rather than by its ids: D1 binds at most 100 parameters to
      // a statement.
      await db
        .prepare(
          `UPDATE announcement_sends SET enqueued_at = ?1
           WHERE announcement_id = ?2 AND status = 'pending' AND subscriber_id > ?3 AND subscriber_id <= ?4
             AND (enqueued_at IS NULL OR enqueued_at < ?5)`,
        )
        .bind(at, id, after, last, before)
        .run();
    },
    async send(key) {
      const row = await db
        .prepare(
          `SELECT s.status, s.email, (SELECT 1 FROM mail_suppressions m WHERE m.email = s.email) AS suppressed
           FROM announcement_sends s WHERE s.announcement_id = ? AND s.subscriber_id = ?`,
        )
        .bind(...key)
        .first<{ status: string; email: string; suppressed: number | null }>();
      return row ? { status: row.status, email: row.email, suppressed: Boolean(row.suppressed) } : null;
    },
    async mark(key, status, messageId) {
      await db
        .prepare(
          "UPDATE announcement_sends SET status = ?, message_id = ?, updated_at = ? WHERE announcement_id = ? AND subscriber_id = ?",
        )
        .bind(status, messageId, new Date().toISOString(), ...key)
        .run();
    },
    async claim(key, at, staleBefore) {
      const claimed = await db
        .prepare(
          `UPDATE announcement_sends SET uncertain = (uncertain OR claimed_at IS NOT NULL), claimed_at = ?1
           WHERE announcement_id = ?2 AND subscriber_id = ?3 AND status = 'pending'
             AND (claimed_at IS NULL OR claimed_at < ?4) RETURNING uncertain`,
        )
        .bind(at, ...key, staleBefore)
        .first<{ uncertain: number }>();
      return claimed !== null;
    },
    async unclaim(key) {
      await db
        .prepare(
          "UPDATE announcement_sends SET claimed_at = NULL WHERE announcement_id = ? AND subscriber_id = ?",
        )
        .bind(...key)
        .run();
    },
    async recordAttempt(key, reason, final) {
      await db
        .prepare(
          `UPDATE announcement_sends SET attempts = attempts + 1, last_error = ?, updated_at = ?${final ? ", status = 'failed'" : ""}
           WHERE announcement_id = ? AND subscriber_id = ?`,
        )
        .bind(reason, new Date().toISOString(), ...key)
        .run();
    },
    async markDead(key) {
      await db
        .prepare(
          "UPDATE announcement_sends SET status = 'failed', updated_at = ? WHERE announcement_id = ? AND subscriber_id = ? AND status = 'pending'",
        )
        .bind(new Date().toISOString(), ...key)
        .run();
    },
    async listed(id, which) {
      const [status, extra] = which === "failed" ? ["failed", ""] : ["sent", " AND uncertain = 1"];
      const { results } = await db
        .prepare(
          `SELECT email, last_error AS lastError FROM announcement_sends WHERE announcement_id = ? AND status = ?${extra} ORDER BY subscriber_id LIMIT 50`,
        )
        .bind(id, status)
        .all<{ email: string; lastError: string | null }>();
      return results;
    },
  };
}
