import type { DeliveryLog, SubmissionMail, SubmissionMailLog, TemplateStore } from "../store";

/** The mails sent about submissions, D1's `submission_mails` (migrations/0009_mail.sql). */
export function d1SubmissionMails(db: D1Database): SubmissionMailLog {
  return {
    async log(submissionId, kind, mail, messageId) {
      await db
        .prepare(
          "INSERT INTO submission_mails (submission_id, kind, recipient, subject, message_id, sent_at) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(submissionId, kind, mail.to, mail.subject, messageId || null, new Date().toISOString())
        .run();
    },
    async list(submissionId) {
      const { results } = await db
        .prepare(
          "SELECT kind, recipient, subject, sent_at AS sentAt FROM submission_mails WHERE submission_id = ? ORDER BY sent_at, id",
        )
        .bind(submissionId)
        .all<SubmissionMail>();
      return results;
    },
  };
}

/** The review answers' edited texts, D1's `mail_templates` (migrations/0009_mail.sql). */
export function d1Templates(db: D1Database): TemplateStore {
  return {
    read: (name) =>
      db
        .prepare("SELECT subject, body FROM mail_templates WHERE name = ?")
        .bind(name)
        .first<{ subject: string; body: string }>(),
    async save(name, template) {
      await db
        .prepare(
          `INSERT INTO mail_templates (name, subject, body, updated_at) VALUES (?1, ?2, ?3, ?4)
           ON CONFLICT (name) DO UPDATE SET subject = excluded.subject, body = excluded.body, updated_at = excluded.updated_at`,
        )
        .bind(name, template.subject, template.body, new Date().toISOString())
        .run();
    },
  };
}

/** The webhook's accepted deliveries, D1's `mail_webhook_deliveries` (migrations/0013_webhook_deliveries.sql). */
export function d1Deliveries(db: D1Database): DeliveryLog {
  return {
    async claim(id, expiresAt) {
      const result = await db
        .prepare("INSERT OR IGNORE INTO mail_webhook_deliveries (id, expires_at) VALUES (?, ?)")
        .bind(id, expiresAt)
        .run();
      return result.meta.changes > 0;
    },
    async release(id) {
      await db.prepare("DELETE FROM mail_webhook_deliveries WHERE id = ?").bind(id).run();
    },
    async sweep(now) {
      const result = await db
        .prepare("DELETE FROM mail_webhook_deliveries WHERE expires_at < ?")
        .bind(now)
        .run();
      return result.meta.changes;
    },
  };
}
