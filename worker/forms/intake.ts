import type { ContentService } from "@core/content/service";
import { FORM_TEXTS } from "@core/form-texts";
import { HUMAN_CHECK_FIELD } from "@core/forms/human-check";
import type { FormIntake, Refusal } from "@core/forms/intake";
import { parsePicks, parseSubscriber } from "@core/forms/newsletter-rules";
import { readSubmissionKey, SUBMISSION_KEY_FIELD } from "@core/forms/submission-key";
import { checkSubmission, HONEYPOT_FIELD } from "@core/forms/submission-rules";
import { TEXTS } from "@core/texts";
import { newReference, removeSubmissionFiles } from "@worker/content/submission-files";
import { StoreFailure } from "@worker/failure/source-error";
import { type FormMail, formMail } from "@worker/mail/form-mail";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { executionContext } from "../middleware/request-scope";
import { BodyError, NEWSLETTER_LIMIT, readForm, readJsonObject, SUBMISSION_LIMIT } from "./body";
import { clientAddress, hitRateLimit, RATE_RULES, type RateRule, type RateStore } from "./rate-limit";
import { readSubmissionBody, type SubmissionBody } from "./submission-body";

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
  return { ok: false, status: 429, error: FORM_TEXTS.tooManyRequests, retryAfter };
}

/**
 * The form intake of this request, made when a form is first read: a page view or a feed never
 * makes one (docs/decisions/051-worker-layering.md).
 */
export function intakeOf(c: Context<AppEnv>): FormIntake {
  const made = c.get("intake");
  if (made) return made;
  const intake = createIntake(
    c.env,
    c.var.content,
    c.req.raw,
    c.env.UPLOADS,
    // The execution context sends the forms' mail after the answer (worker/mail/form-mail.ts),
    // for the API and the pages' actions alike: both make their intake here.
    formMail(c.env, c.var.content.newsletter.optIn, executionContext(c)),
  );
  c.set("intake", intake);
  return intake;
}

/**
 * Builds the intake for one request: the client it comes from, the stores it writes to, and the
 * D1 database that keeps the rate limits (with their salt), and the mail the forms send (none
 * when mail is off).
 */
export function createIntake(
  limits: RateStore,
  content: Pick<ContentService, "submissions" | "newsletter">,
  request: Request,
  uploads?: R2Bucket,
  mail?: FormMail,
): FormIntake {
  const client = clientAddress(request);
  const limited = async (rule: RateRule): Promise<Refusal | null> => {
    try {
      const decision = await hitRateLimit(limits, rule, client);
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
        if (isJson) {
          const body = await readJsonObject(req, NEWSLETTER_LIMIT);
          return { ok: true, fields: { ...stringsOf(body), ...picksOf((name) => body[name]) } };
        }
        const form = await readForm(req, NEWSLETTER_LIMIT);
        return {
          ok: true,
          fields: { ...stringsOf(Object.fromEntries(form)), ...picksOf((name) => form.getAll(name)) },
        };
      } catch (error) {
        if (error instanceof BodyError) return error.toRefusal();
        throw error;
      }
    },

    async subscribe(fields, human) {
      const refusal = await limited(RATE_RULES.newsletter);
      if (refusal) return refusal;
      if (typeof fields[HONEYPOT_FIELD] === "string" && fields[HONEYPOT_FIELD] !== "")
        return HONEYPOT_REFUSAL;
      const unproven = await human?.(fields[HUMAN_CHECK_FIELD]);
      if (unproven) return unproven;
      const subscriber = parseSubscriber(fields);
      if (!subscriber) return { ok: false, status: 400, error: TEXTS.invalidEmail };
      const picks = parsePicks(fields);
      if (typeof picks === "string") return { ok: false, status: 400, error: picks };
      try {
        const result = await content.newsletter.subscribe({
          ...subscriber,
          picks,
          pending: mail?.doubleOptIn,
        });
        if (result.confirmation) await mail?.confirmation(result.confirmation);
        return { ok: true, message: result.message || TEXTS.subscribed };
      } catch (error) {
        console.error("newsletter subscribe failed", error);
        return writeRefused(error);
      }
    },

    async submit(req, human) {
      // Size first: an oversized body is refused before it is read or counted.
      const length = Number(req.headers.get("Content-Length") ?? 0);
      if (length > SUBMISSION_LIMIT.max) return { ok: false, status: 413, error: SUBMISSION_LIMIT.message };
      const refusal = await limited(RATE_RULES.submission);
      if (refusal) return refusal;
      if (!uploads) {
        // A deployment without its bucket cannot keep files: the operator's to fix (README).
        console.error("submission refused: no UPLOADS bucket bound to keep its files in");
        return storeDown(FORM_TEXTS.submissionFailed);
      }
      // The files stream into R2 under this reference as they arrive, kept only once the
      // fields pass (docs/decisions/069-submission-files.md).
      const reference = newReference();
      let body: SubmissionBody;
      try {
        body = await readSubmissionBody(req, uploads, reference, human);
      } catch (error) {
        if (error instanceof BodyError) return error.toRefusal();
        throw error;
      }
      const { fields, audio, artwork } = body;
      const typed = Object.fromEntries(fields);
      if (body.refused) return { ...body.refused, values: typed };
      const drop = () => Promise.all([audio?.drop(), artwork?.drop()]);
      const trap = fields.get(HONEYPOT_FIELD);
      if (trap) {
        await drop();
        return HONEYPOT_REFUSAL;
      }
      const source = { get: (name: string) => fields.get(name) ?? null };
      const check = checkSubmission(source, {
        audio: audio?.summary ?? null,
        artwork: artwork?.summary ?? null,
      });
      if (!check.ok) {
        await drop();
        // Text fields only: files cannot be put back into a file input.
        return {
          ok: false,
          status: 400,
          error: FORM_TEXTS.submissionFixFields,
          fields: check.errors,
          values: typed,
        };
      }

      const { values } = check;
      const kept = [audio ? await audio.keep() : null, artwork ? await artwork.keep() : null] as const;
      const input = {
        artistName: values.artistName,
        email: values.email,
        trackTitle: values.trackTitle,
        genre: values.genre,
        city: values.city,
        links: values.links,
        message: values.message,
        consent: values.consent,
        reference,
        audioFile: kept[0],
        artworkFile: kept[1],
        idempotencyKey: readSubmissionKey(fields.get(SUBMISSION_KEY_FIELD)),
      };
      try {
        const submission = await content.submissions.createSubmission(input);
        // A retry of a form fill already stored: its first files stand, these go, and the artist
        // already has the receipt.
        if (submission.reference !== reference) await removeSubmissionFiles(uploads, [...kept]);
        else await mail?.receipt(submission);
        return { ok: true, submission };
      } catch (error) {
        await removeSubmissionFiles(uploads, [...kept]);
        console.error("submission failed", error);
        return { ...writeRefused(error), values: typed };
      }
    },
  };
}

/** What stands for picks that are not text, so parsePicks refuses them with its sentence. */
const NOT_SLUGS = "!";

/**
 * The second step's picks as one field each, slugs joined by spaces: a form sends one value per
 * ticked box, JSON an array (or a string).
 */
function picksOf(read: (name: "artists" | "genres") => unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ["artists", "genres"] as const) {
    const value = read(name);
    if (value === undefined || value === null) continue;
    const list = Array.isArray(value) ? value : [value];
    out[name] = list.every((v) => typeof v === "string") ? list.join(" ") : NOT_SLUGS;
  }
  return out;
}

function stringsOf(record: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) if (typeof value === "string") out[key] = value;
  return out;
}
