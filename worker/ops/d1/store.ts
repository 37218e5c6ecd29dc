import type { OpsStore } from "../store";
import { d1Announcements } from "./announcements";
import { d1Audit, d1EditorLinks } from "./editors";
import { d1LinkKeys } from "./link-keys";
import { d1Deliveries, d1SubmissionMails, d1Templates } from "./mail-logs";
import { d1RateLimits } from "./rate-limits";
import { d1Sessions } from "./sessions";
import { d1Suppressions } from "./suppressions";

/**
 * The operational store over the D1 database bound as DB: every table of it but the content's
 * (docs/architecture.md "The operational store"). Building it runs no statement.
 */
export function createD1OpsStore(db: D1Database): OpsStore {
  return {
    sessions: d1Sessions(db),
    editorLinks: d1EditorLinks(db),
    audit: d1Audit(db),
    rateLimits: d1RateLimits(db),
    linkKeys: d1LinkKeys(db),
    suppressions: d1Suppressions(db),
    submissionMails: d1SubmissionMails(db),
    templates: d1Templates(db),
    deliveries: d1Deliveries(db),
    announcements: d1Announcements(db),
    async ping() {
      await db.prepare("SELECT 1 AS one").first();
    },
  };
}
