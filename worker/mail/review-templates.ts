/** The review answers the desk can send, and their texts until the operator edits them. */
export const REVIEW_TEMPLATES = ["accepted", "rejected"] as const;
export type ReviewTemplate = (typeof REVIEW_TEMPLATES)[number];

/**
 * Nothing the visitor typed (docs/decisions/123-mail-to-strangers.md): the subject names the
 * reference and the site, the text speaks of "the music you sent".
 */
export const DEFAULT_TEMPLATES: Record<ReviewTemplate, { subject: string; body: string }> = {
  accepted: {
    subject: "Good news about your {site} submission ({reference})",
    body: "Hi,\n\nwe listened to the music you sent us ({reference}) and we love it. We would like to work with you on it: we will write again within a week with the next steps.\n\nThanks for sending it to {site}.",
  },
  rejected: {
    subject: "About your {site} submission ({reference})",
    body: "Hi,\n\nthanks for sending us your music ({reference}). We listened carefully, and it is not the right fit for {site} at the moment.\n\nThis says nothing about the music's worth: keep making it, and send us the next one.",
  },
};

export async function readTemplate(
  db: D1Database,
  name: ReviewTemplate,
): Promise<{ subject: string; body: string }> {
  const row = await db
    .prepare("SELECT subject, body FROM mail_templates WHERE name = ?")
    .bind(name)
    .first<{ subject: string; body: string }>();
  return row ?? DEFAULT_TEMPLATES[name];
}

export async function saveTemplate(
  db: D1Database,
  name: ReviewTemplate,
  template: { subject: string; body: string },
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO mail_templates (name, subject, body, updated_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (name) DO UPDATE SET subject = excluded.subject, body = excluded.body, updated_at = excluded.updated_at`,
    )
    .bind(name, template.subject, template.body, new Date().toISOString())
    .run();
}

export function isReviewTemplate(value: unknown): value is ReviewTemplate {
  return typeof value === "string" && (REVIEW_TEMPLATES as readonly string[]).includes(value);
}
