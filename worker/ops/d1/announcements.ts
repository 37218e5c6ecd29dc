import type { Card } from "@worker/mail/layout";
import {
  type AnnouncementDraft,
  type AnnouncementLog,
  type AnnouncementStatus,
  type AnnouncementSummary,
  type AnnouncementTarget,
  type Audience,
  type Follows,
  NO_FOLLOWS,
} from "../announcement-log";
import { d1Audience } from "./audience";
import { d1SendLog } from "./send-log";

/**
 * The announcements (D1's `announcements`, migrations/0009_mail.sql) and their send log: the
 * drafts and their status here, the log's rows in send-log.ts, who is in an audience in
 * audience.ts.
 */
export function d1Announcements(db: D1Database): AnnouncementLog {
  return {
    create: (draft, target) => createAnnouncement(db, draft, target),
    async get(id) {
      const row = await db
        .prepare(
          "SELECT id, subject, body, items, status, audience, follows, with_release AS withRelease FROM announcements WHERE id = ?",
        )
        .bind(id)
        .first<{
          id: number;
          subject: string;
          body: string;
          items: string;
          status: AnnouncementStatus;
          audience: Audience;
          follows: string;
          withRelease: string | null;
        }>();
      if (!row) return null;
      return { ...row, items: JSON.parse(row.items) as Card[], follows: JSON.parse(row.follows) as Follows };
    },
    async list(limit, only) {
      const { results } = await db
        .prepare(
          `SELECT a.id, a.subject, a.status, a.created_at AS createdAt,
             COUNT(CASE WHEN s.status = 'sent' THEN 1 END) AS sent,
             COUNT(CASE WHEN s.status = 'pending' THEN 1 END) AS pending,
             COUNT(CASE WHEN s.status = 'skipped' THEN 1 END) AS skipped,
             COUNT(CASE WHEN s.status = 'failed' THEN 1 END) AS failed,
             COUNT(CASE WHEN s.uncertain = 1 AND s.status = 'sent' THEN 1 END) AS uncertain
           FROM announcements a LEFT JOIN announcement_sends s ON s.announcement_id = a.id
           WHERE ?2 IS NULL OR a.id = ?2
           GROUP BY a.id ORDER BY a.id DESC LIMIT ?1`,
        )
        .bind(limit, only)
        .all<AnnouncementSummary>();
      return results;
    },
    async goWith(id, release) {
      await db
        .prepare("UPDATE announcements SET with_release = ?2 WHERE id = ?1 AND status = 'draft'")
        .bind(id, release)
        .run();
    },
    // One statement: of two catch-ups at once, one takes each waiting draft.
    async takeWaiting(releases) {
      if (!releases.length) return [];
      const { results } = await db
        .prepare(
          `UPDATE announcements SET with_release = NULL
           WHERE with_release IN (SELECT value FROM json_each(?1)) AND status = 'draft' RETURNING id`,
        )
        .bind(JSON.stringify(releases))
        .all<{ id: number }>();
      return results.map((r) => r.id);
    },
    async markSending(id) {
      await db
        .prepare("UPDATE announcements SET status = 'sending' WHERE id = ? AND status = 'draft'")
        .bind(id)
        .run();
    },
    async sending() {
      const { results } = await db
        .prepare("SELECT id FROM announcements WHERE status = 'sending'")
        .all<{ id: number }>();
      return results.map((r) => r.id);
    },
    async markSent(id, at) {
      await db
        .prepare("UPDATE announcements SET status = 'sent', sent_at = ? WHERE id = ?")
        .bind(at, id)
        .run();
    },
    ...d1SendLog(db),
    ...d1Audience(db),
  };
}

/** Stores a new draft; its id. */
export async function createAnnouncement(
  db: D1Database,
  draft: AnnouncementDraft,
  target: AnnouncementTarget = { audience: "everyone", follows: NO_FOLLOWS },
): Promise<number> {
  const row = await db
    .prepare(
      "INSERT INTO announcements (subject, body, items, audience, follows, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(
      draft.subject,
      draft.body,
      JSON.stringify(draft.items),
      target.audience,
      JSON.stringify(target.follows),
      new Date().toISOString(),
    )
    .first<{ id: number }>();
  if (!row) throw new Error("the announcement was not stored");
  return row.id;
}
