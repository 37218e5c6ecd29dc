import type { AuditEntry, AuditLog, EditorLinkStore } from "../store";

/** The editors' one-time sign-in links in D1's `editor_links` (migrations/0019_editors.sql). */
export function d1EditorLinks(db: D1Database): EditorLinkStore {
  return {
    async create(tokenHash, editor, expiresAt) {
      const statements = [
        db
          .prepare("INSERT INTO editor_links (token_hash, editor, expires_at) VALUES (?1, ?2, ?3)")
          .bind(tokenHash, editor, expiresAt),
      ];
      if (Math.random() < 0.1)
        statements.push(
          db
            .prepare("DELETE FROM editor_links WHERE expires_at < ?1")
            .bind(Math.floor(Date.now() / 1000) - 86_400),
        );
      await db.batch(statements);
    },
    // One statement: two presses of the same link at once sign in once.
    async use(tokenHash, now) {
      const row = await db
        .prepare(
          `UPDATE editor_links SET used_at = ?2
           WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2 RETURNING editor`,
        )
        .bind(tokenHash, now)
        .first<{ editor: string }>();
      return row?.editor ?? null;
    },
  };
}

/** The desk's history of changes in D1's `desk_audit` (migrations/0019_editors.sql). */
export function d1Audit(db: D1Database): AuditLog {
  const select = "SELECT subject, action, detail, actor, at FROM desk_audit";
  return {
    async record(entry) {
      await db
        .prepare("INSERT INTO desk_audit (subject, action, detail, actor, at) VALUES (?1, ?2, ?3, ?4, ?5)")
        .bind(entry.subject, entry.action, entry.detail, entry.actor, entry.at)
        .run();
    },
    async of(subject) {
      const { results } = await db
        .prepare(`${select} WHERE subject = ?1 ORDER BY id`)
        .bind(subject)
        .all<AuditEntry>();
      return results;
    },
    // One statement for the whole page, through the (subject, id) index.
    async ofEach(subjects) {
      const out = new Map<string, AuditEntry[]>(subjects.map((s) => [s, []]));
      if (!subjects.length) return out;
      const { results } = await db
        .prepare(`${select} WHERE subject IN (SELECT value FROM json_each(?1)) ORDER BY id`)
        .bind(JSON.stringify(subjects))
        .all<AuditEntry>();
      for (const entry of results) out.get(entry.subject)?.push(entry);
      return out;
    },
  };
}
