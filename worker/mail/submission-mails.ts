import type { OutgoingMail } from "./port";

/** One mail sent to an artist about a submission, as the desk lists it. */
export interface SubmissionMail {
  kind: string;
  recipient: string;
  subject: string;
  sentAt: string;
}

export async function logSubmissionMail(
  db: D1Database,
  submissionId: string,
  kind: string,
  mail: OutgoingMail,
  messageId: string,
): Promise<void> {
  await db
    .prepare(
      "INSERT INTO submission_mails (submission_id, kind, recipient, subject, message_id, sent_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(submissionId, kind, mail.to, mail.subject, messageId || null, new Date().toISOString())
    .run();
}

export async function submissionMails(db: D1Database, submissionId: string): Promise<SubmissionMail[]> {
  const { results } = await db
    .prepare(
      "SELECT kind, recipient, subject, sent_at AS sentAt FROM submission_mails WHERE submission_id = ? ORDER BY sent_at, id",
    )
    .bind(submissionId)
    .all<SubmissionMail>();
  return results;
}
