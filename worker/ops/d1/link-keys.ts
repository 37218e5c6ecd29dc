import type { LinkKeys } from "../store";

/** The link-signing key in D1's `mail_keys` (migrations/0009_mail.sql), under the name "links". */
export function d1LinkKeys(db: D1Database): LinkKeys {
  return {
    async secret(fresh) {
      // The first Worker to get here writes the key; every other one reads what it wrote.
      await db
        .prepare("INSERT OR IGNORE INTO mail_keys (name, secret, created_at) VALUES ('links', ?, ?)")
        .bind(fresh, new Date().toISOString())
        .run();
      const row = await db
        .prepare("SELECT secret FROM mail_keys WHERE name = 'links'")
        .first<{ secret: string }>();
      if (!row) throw new Error("the link signing key could not be stored");
      return row.secret;
    },
  };
}
