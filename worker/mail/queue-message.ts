/**
 * What the mail queue carries: keys only, never an address or a body. The send log row the keys
 * name is the source of truth (docs/decisions/082-announcements.md).
 */
export interface MailMessage {
  kind: "announcement";
  announcementId: number;
  subscriberId: number;
}

export function isMailMessage(value: unknown): value is MailMessage {
  const m = value as MailMessage | null;
  return (
    typeof m === "object" &&
    m !== null &&
    m.kind === "announcement" &&
    Number.isInteger(m.announcementId) &&
    Number.isInteger(m.subscriberId)
  );
}
