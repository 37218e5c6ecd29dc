import type { SessionStore, StoredSession } from "../store";

/**
 * The desk's sessions in D1's `admin_sessions` (migrations/0006_sessions_and_retries.sql). D1 is
 * bound in both content modes, so the desk works the same in both.
 */
export function d1Sessions(db: D1Database): SessionStore {
  return {
    record: (session) => recordSession(db, session),
    async isOpen(session) {
      const row = await db
        .prepare("SELECT 1 AS open FROM admin_sessions WHERE id = ?1 AND expires_at > ?2")
        .bind(session.sid, Math.floor(Date.now() / 1000))
        .first<{ open: number }>();
      return row !== null;
    },
    async end(session) {
      await db.prepare("DELETE FROM admin_sessions WHERE id = ?1").bind(session.sid).run();
    },
  };
}

/** Records a new sign-in; sessions past their expiry are swept now and then. */
export async function recordSession(db: D1Database, session: StoredSession): Promise<void> {
  const statements = [
    db.prepare("INSERT INTO admin_sessions (id, expires_at) VALUES (?1, ?2)").bind(session.sid, session.exp),
  ];
  if (Math.random() < 0.1)
    statements.push(
      db.prepare("DELETE FROM admin_sessions WHERE expires_at < ?1").bind(Math.floor(Date.now() / 1000)),
    );
  await db.batch(statements);
}
