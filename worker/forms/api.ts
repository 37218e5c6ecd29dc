import { SUBMISSION_STATUSES, type Submission, type SubmissionStatus } from "@core/content/submission";
import type { Refusal } from "@core/forms/intake";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireBearer } from "../auth";
import { BodyError, readJsonObject } from "./body";
import { intakeOf, storeDown, writeRefused } from "./intake";
import { turnstileOf } from "./turnstile";

/**
 * The forms' JSON endpoints under /api (README "Newsletter, submissions and the admin
 * endpoints"). Every refusal is a 4xx with `{ error }`; nothing here is cached.
 */
export const formsApi = new Hono<AppEnv>();

const NO_STORE = { "Cache-Control": "no-store" };
const MAX_ADMIN_PAGE_SIZE = 100;
const MAX_NOTES = 5000;

function refuse(c: Context<AppEnv>, refusal: Refusal) {
  const headers: Record<string, string> = { ...NO_STORE };
  if (refusal.retryAfter) headers["Retry-After"] = String(refusal.retryAfter);
  const body = refusal.fields ? { error: refusal.error, fields: refusal.fields } : { error: refusal.error };
  return c.json(body, refusal.status, headers);
}

const error = (status: Refusal["status"], message: string): Refusal => ({
  ok: false,
  status,
  error: message,
});

formsApi.post("/newsletter", async (c) => {
  const read = await intakeOf(c).readNewsletter(c.req.raw);
  if (!read.ok) return refuse(c, read);
  const outcome = await intakeOf(c).subscribe(read.fields, turnstileOf(c)?.check);
  if (!outcome.ok) return refuse(c, outcome);
  return c.json({ message: outcome.message }, 200, NO_STORE);
});

formsApi.post("/submissions", async (c) => {
  const outcome = await intakeOf(c).submit(c.req.raw, turnstileOf(c)?.check);
  if (!outcome.ok) return refuse(c, outcome);
  const { id, reference, status, submissionDate } = outcome.submission;
  return c.json({ id, reference, status, submissionDate }, 201, NO_STORE);
});

/** docs/product.md section 6: the admin endpoints need the token, and do not exist without one. */
const adminOnly = requireBearer({
  token: (env) => env.ADMIN_TOKEN,
  error: "Unauthorized: send the admin token as 'Authorization: Bearer <token>'.",
  challenge: 'Bearer realm="crossfade-admin"',
});

function isStatus(value: unknown): value is SubmissionStatus {
  return typeof value === "string" && (SUBMISSION_STATUSES as readonly string[]).includes(value);
}

const STATUS_HELP = `Use one of: ${SUBMISSION_STATUSES.join(", ")}.`;

function positiveInt(value: string | undefined): number | null | undefined {
  if (value === undefined || value === "") return undefined;
  return /^[1-9]\d{0,6}$/.test(value) ? Number(value) : null;
}

formsApi.get("/submissions", adminOnly, async (c) => {
  const page = positiveInt(c.req.query("page"));
  const pageSize = positiveInt(c.req.query("pageSize"));
  const status = c.req.query("status");
  if (page === null) return refuse(c, error(400, "page must be a whole number from 1."));
  if (pageSize === null || (pageSize ?? 0) > MAX_ADMIN_PAGE_SIZE)
    return refuse(c, error(400, `pageSize must be a whole number from 1 to ${MAX_ADMIN_PAGE_SIZE}.`));
  if (status !== undefined && status !== "" && !isStatus(status))
    return refuse(c, error(400, `Unknown status '${status}'. ${STATUS_HELP}`));
  try {
    const result = await c.var.content.submissions.listSubmissions({
      page,
      pageSize,
      status: status ? (status as SubmissionStatus) : undefined,
    });
    // Each with its history on the desk: who changed what, and when
    // (docs/decisions/155-editors-sign-in-as-themselves.md).
    const histories = await c.var.ops.audit.ofEach(result.items.map((s) => `submission:${s.id}`));
    const items = result.items.map((s) => ({
      ...s,
      history: (histories.get(`submission:${s.id}`) ?? []).map(({ action, detail, actor, at }) => ({
        action,
        detail,
        actor,
        at,
      })),
    }));
    return c.json({ ...result, items }, 200, NO_STORE);
  } catch (e) {
    console.error("listing submissions failed", e);
    return refuse(c, storeDown("Failed to fetch submissions"));
  }
});

formsApi.put("/submissions/:id/status", adminOnly, async (c) => {
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(c.req.raw, {
      max: 16 * 1024,
      message: "The request body is too large (at most 16 KB).",
    });
  } catch (e) {
    if (e instanceof BodyError) return refuse(c, e.toRefusal());
    throw e;
  }
  if (!isStatus(body.status))
    return refuse(c, error(400, `Unknown status '${String(body.status)}'. ${STATUS_HELP}`));
  const notes = body.adminNotes;
  if (notes !== undefined && notes !== null && typeof notes !== "string")
    return refuse(c, error(400, "adminNotes must be a string or null."));
  if (typeof notes === "string" && notes.length > MAX_NOTES)
    return refuse(c, error(400, `adminNotes can be at most ${MAX_NOTES} characters.`));
  let updated: Submission | null;
  try {
    updated = await c.var.content.submissions.setSubmissionStatus(
      c.req.param("id") ?? "",
      body.status,
      typeof notes === "string" && notes.trim() ? notes.trim() : null,
    );
  } catch (e) {
    console.error("updating a submission failed", e);
    return refuse(c, writeRefused(e));
  }
  if (!updated) return refuse(c, error(404, "Submission not found."));
  return c.json(updated, 200, NO_STORE);
});

/** The stored files of submissions, by the R2 key that the submissions list gives as location. */
formsApi.get("/uploads/:key{.+}", adminOnly, async (c) => {
  const key = c.req.param("key") ?? "";
  if (!key.startsWith("submissions/")) return refuse(c, error(404, "File not found."));
  const object = await c.env.UPLOADS.get(key);
  if (!object) return refuse(c, error(404, "File not found."));
  const headers = new Headers(NO_STORE);
  object.writeHttpMetadata(headers);
  headers.set("Content-Length", String(object.size));
  headers.set("ETag", object.httpEtag);
  return new Response(object.body, { headers });
});
