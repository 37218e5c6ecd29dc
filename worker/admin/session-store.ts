import type { SessionPayload } from "./session";

/**
 * The review desk's sessions on the server (docs/decisions/065-token-attempts-and-sessions.md):
 * a signed cookie is honoured only while its id has a row in D1's `admin_sessions`, so signing
 * out (which deletes the row) ends it everywhere, a copied cookie included. D1 is bound in both
 * content modes (the forms' rate limits live there too), so the desk works the same in both.
 */

/** Records a new sign-in; sessions past their expiry are swept now and then. */
export async function recordSession(db: D1Database, session: SessionPayload): Promise<void> {
  const statements = [
    db.prepare("INSERT INTO admin_sessions (id, expires_at) VALUES (?1, ?2)").bind(session.sid, session.exp),
  ];
  if (Math.random() < 0.1)
    statements.push(
      db.prepare("DELETE FROM admin_sessions WHERE expires_at < ?1").bind(Math.floor(Date.now() / 1000)),
    );
  await db.batch(statements);
}

/** Whether a session whose cookie checked out is still open on the server. */
export async function sessionOpen(db: D1Database, session: SessionPayload): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS open FROM admin_sessions WHERE id = ?1 AND expires_at > ?2")
    .bind(session.sid, Math.floor(Date.now() / 1000))
    .first<{ open: number }>();
  return row !== null;
}

/** Ends a session: its cookie, wherever a copy of it is, is refused from now on. */
export async function endSession(db: D1Database, session: SessionPayload): Promise<void> {
  await db.prepare("DELETE FROM admin_sessions WHERE id = ?1").bind(session.sid).run();
}
