import type { TemplateStore } from "@worker/ops/store";

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

/** The template's text as the operator last saved it, else its default. */
export async function readTemplate(
  templates: TemplateStore,
  name: ReviewTemplate,
): Promise<{ subject: string; body: string }> {
  return (await templates.read(name)) ?? DEFAULT_TEMPLATES[name];
}

export function isReviewTemplate(value: unknown): value is ReviewTemplate {
  return typeof value === "string" && (REVIEW_TEMPLATES as readonly string[]).includes(value);
}
