import type { OpenSession, SessionOwner, SessionStore, SignInVia, StoredSession } from "../store";

/**
 * The desk's sessions in D1's `admin_sessions` (migrations/0006_sessions_and_retries.sql, with
 * their owner since migrations/0019_editors.sql). D1 is bound in both content modes, so the desk
 * works the same in both.
 */
export function d1Sessions(db: D1Database): SessionStore {
  return {
    record: (session, owner) => recordSession(db, session, owner),
    async ownerOf(session) {
      const row = await db
        .prepare("SELECT editor, via FROM admin_sessions WHERE id = ?1 AND expires_at > ?2")
        .bind(session.sid, Math.floor(Date.now() / 1000))
        .first<{ editor: string | null; via: SignInVia }>();
      return row ? { editor: row.editor, via: row.via } : null;
    },
    async end(session) {
      await db.prepare("DELETE FROM admin_sessions WHERE id = ?1").bind(session.sid).run();
    },
    async list() {
      const { results } = await db
        .prepare(
          `SELECT id, expires_at, editor, via, started_at FROM admin_sessions
           WHERE expires_at > ?1 ORDER BY started_at DESC, id LIMIT 200`,
        )
        .bind(Math.floor(Date.now() / 1000))
        .all<{ id: string; expires_at: number; editor: string | null; via: SignInVia; started_at: number }>();
      return results.map(
        (r): OpenSession => ({
          sid: r.id,
          exp: r.expires_at,
          editor: r.editor,
          via: r.via,
          startedAt: r.started_at,
        }),
      );
    },
  };
}

/** Records a new sign-in (ADMIN_TOKEN's unless an owner is given); expired sessions are swept now and then. */
export async function recordSession(
  db: D1Database,
  session: StoredSession,
  owner: SessionOwner = { editor: null, via: "token" },
): Promise<void> {
  const statements = [
    db
      .prepare(
        "INSERT INTO admin_sessions (id, expires_at, editor, via, started_at) VALUES (?1, ?2, ?3, ?4, ?5)",
      )
      .bind(session.sid, session.exp, owner.editor, owner.via, Math.floor(Date.now() / 1000)),
  ];
  if (Math.random() < 0.1)
    statements.push(
      db.prepare("DELETE FROM admin_sessions WHERE expires_at < ?1").bind(Math.floor(Date.now() / 1000)),
    );
  await db.batch(statements);
}
