import type { SuppressionList } from "../store";

/** The suppression list in D1's `mail_suppressions` (migrations/0009_mail.sql), in both content modes. */
export function d1Suppressions(db: D1Database): SuppressionList {
  return {
    async suppress(email, reason) {
      await db
        .prepare(
          `INSERT INTO mail_suppressions (email, reason, created_at) VALUES (?1, ?2, ?3)
           ON CONFLICT (email) DO UPDATE SET reason = CASE WHEN excluded.reason = 'unsubscribed' THEN reason ELSE excluded.reason END`,
        )
        .bind(email.toLowerCase(), reason, new Date().toISOString())
        .run();
    },
    async blocked(email) {
      const row = await db
        .prepare("SELECT 1 FROM mail_suppressions WHERE email = ? AND reason IN ('bounced','complained')")
        .bind(email.toLowerCase())
        .first();
      return row !== null;
    },
    async latest(limit) {
      const { results } = await db
        .prepare(
          "SELECT email, reason, created_at AS since FROM mail_suppressions ORDER BY created_at DESC LIMIT ?1",
        )
        .bind(limit)
        .all<{ email: string; reason: "unsubscribed" | "bounced" | "complained"; since: string }>();
      return results;
    },
    async liftUnsubscribe(email) {
      await db
        .prepare("DELETE FROM mail_suppressions WHERE email = ? AND reason = 'unsubscribed'")
        .bind(email.toLowerCase())
        .run();
    },
  };
}
