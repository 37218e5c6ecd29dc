import type { ContentService } from "@core/content/service";
import type { UploadedFile } from "@core/content/upload";
import { SNIFF_BYTES } from "@core/forms/file-types";
import type { FormIntake, Refusal } from "@core/forms/intake";
import { parseSubscriber } from "@core/forms/newsletter-rules";
import { readSubmissionKey, SUBMISSION_KEY_FIELD } from "@core/forms/submission-key";
import { checkSubmission, type FileSummary, HONEYPOT_FIELD } from "@core/forms/submission-rules";
import { TEXTS } from "@core/texts";
import { StoreFailure } from "@worker/failure/source-error";
import { type FormMail, formMail } from "@worker/mail/form-mail";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { BodyError, NEWSLETTER_LIMIT, readForm, readJsonObject, SUBMISSION_LIMIT } from "./body";
import { clientAddress, hitRateLimit, RATE_RULES, type RateRule } from "./rate-limit";

const HONEYPOT_REFUSAL: Refusal = {
  ok: false,
  status: 400,
  error: "This form could not be accepted: the field marked 'leave this empty' was filled in.",
};

/**
 * The store (D1 or Strapi) failed: a fault upstream, not the visitor's, so 503 with a time to try
 * again (docs/product.md section 8); the form keeps what was typed.
 */
export const STORE_RETRY_AFTER = 30;
export function storeDown(error: string): Refusal {
  return { ok: false, status: 503, error, retryAfter: STORE_RETRY_AFTER };
}

/**
 * A failed write as the answer says it: the text the failure path gave it (StoreFailure, the one
 * translation: worker/content/degrade.ts). Anything else is no store failure and goes on to the
 * error handler.
 */
export function writeRefused(error: unknown): Refusal {
  if (!(error instanceof StoreFailure)) throw error;
  return storeDown(error.text);
}

function tooMany(retryAfter: number): Refusal {
  return { ok: false, status: 429, error: TEXTS.tooManyRequests, retryAfter };
}

/** A chosen file, or null for an empty file input (browsers send those as a nameless part). */
function fileOf(value: FormDataEntryValue | null): File | null {
  if (value === null || typeof value === "string") return null;
  if (value.size === 0 && value.name === "") return null;
  return value;
}

async function summary(file: File | null): Promise<FileSummary | null> {
  if (!file) return null;
  return { size: file.size, head: new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()) };
}

async function upload(
  file: File | null,
  type: string | null,
  fallbackName: string,
): Promise<UploadedFile | null> {
  if (!file || !type) return null;
  const name = file.name.trim().slice(0, 200) || fallbackName;
  return { name, type, size: file.size, bytes: await file.arrayBuffer() };
}

/**
 * The form intake of this request, made when a form is first read: a page view or a feed never
 * makes one (docs/decisions/051-worker-layering.md).
 */
export function intakeOf(c: Context<AppEnv>): FormIntake {
  const made = c.get("intake");
  if (made) return made;
  const intake = createIntake(c.env.DB, c.var.content, c.req.raw, formMail(c.env));
  c.set("intake", intake);
  return intake;
}

/**
 * Builds the intake for one request: the client it comes from, the stores it writes to, and the
 * D1 database that keeps the rate limits, and the mail the forms send (none when mail is off).
 */
export function createIntake(
  db: D1Database,
  content: Pick<ContentService, "submissions" | "newsletter">,
  request: Request,
  mail?: FormMail,
): FormIntake {
  const client = clientAddress(request);
  const limited = async (rule: RateRule): Promise<Refusal | null> => {
    try {
      const decision = await hitRateLimit(db, rule, client);
      return decision.allowed ? null : tooMany(decision.retryAfter);
    } catch (error) {
      // The limiter fails open: a hiccup in its table must not turn visitors away.
      console.error("rate limit check failed", error);
      return null;
    }
  };

  return {
    async readNewsletter(req) {
      try {
        const isJson = /^application\/json\b/i.test(req.headers.get("Content-Type") ?? "");
        if (isJson) return { ok: true, fields: stringsOf(await readJsonObject(req, NEWSLETTER_LIMIT)) };
        const form = await readForm(req, NEWSLETTER_LIMIT);
        return { ok: true, fields: stringsOf(Object.fromEntries(form)) };
      } catch (error) {
        if (error instanceof BodyError) return error.toRefusal();
        throw error;
      }
    },

    async subscribe(fields) {
      const refusal = await limited(RATE_RULES.newsletter);
      if (refusal) return refusal;
      if (typeof fields[HONEYPOT_FIELD] === "string" && fields[HONEYPOT_FIELD] !== "")
        return HONEYPOT_REFUSAL;
      const subscriber = parseSubscriber(fields);
      if (!subscriber) return { ok: false, status: 400, error: TEXTS.invalidEmail };
      try {
        const result = await content.newsletter.subscribe({ ...subscriber, pending: mail?.doubleOptIn });
        if (result.confirmation) await mail?.confirmation(result.confirmation);
        return { ok: true, message: result.message || TEXTS.subscribed };
      } catch (error) {
        console.error("newsletter subscribe failed", error);
        return writeRefused(error);
      }
    },

    async submit(req) {
      let form: FormData;
      try {
        // Size first: an oversized body is refused before it is read or counted.
        const length = Number(req.headers.get("Content-Length") ?? 0);
        if (length > SUBMISSION_LIMIT.max) return { ok: false, status: 413, error: SUBMISSION_LIMIT.message };
        const refusal = await limited(RATE_RULES.submission);
        if (refusal) return refusal;
        form = await readForm(req, SUBMISSION_LIMIT);
      } catch (error) {
        if (error instanceof BodyError) return error.toRefusal();
        throw error;
      }
      const trap = form.get(HONEYPOT_FIELD);
      if (typeof trap === "string" && trap !== "") return HONEYPOT_REFUSAL;

      const audio = fileOf(form.get("audioFile"));
      const artwork = fileOf(form.get("artworkFile"));
      const check = checkSubmission(form, { audio: await summary(audio), artwork: await summary(artwork) });
      if (!check.ok) {
        // Text fields only: files cannot be put back into a file input.
        const values = stringsOf(Object.fromEntries(form));
        return { ok: false, status: 400, error: TEXTS.submissionFixFields, fields: check.errors, values };
      }

      const { values } = check;
      const input = {
        artistName: values.artistName,
        email: values.email,
        trackTitle: values.trackTitle,
        genre: values.genre,
        city: values.city,
        links: values.links,
        message: values.message,
        consent: values.consent,
        audioFile: await upload(audio, values.audioType, "audio"),
        artworkFile: await upload(artwork, values.artworkType, "artwork"),
        idempotencyKey: readSubmissionKey(form.get(SUBMISSION_KEY_FIELD)),
      };
      try {
        const submission = await content.submissions.createSubmission(input);
        await mail?.receipt(submission);
        return { ok: true, submission };
      } catch (error) {
        console.error("submission failed", error);
        return { ...writeRefused(error), values: stringsOf(Object.fromEntries(form)) };
      }
    },
  };
}

function stringsOf(record: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) if (typeof value === "string") out[key] = value;
  return out;
}
