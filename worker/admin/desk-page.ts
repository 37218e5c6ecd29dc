import type { Submission } from "@core/content/submission";
import { BodyError, type BodyLimit, readForm } from "@worker/forms/body";
import type { Context } from "hono";
import { csrfOk, type DeskContext } from "./guard";
import { DESK_TEXTS } from "./texts";
import { layout, messageBody } from "./views";

export type DeskStatus = 200 | 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

/** A page of the desk: the layout, with the operator's CSRF token unless signed out. */
export function deskPage(
  c: DeskContext,
  status: DeskStatus,
  title: string,
  body: Parameters<typeof layout>[0]["body"],
  signedIn = true,
) {
  const operator = signedIn ? { csrf: c.var.csrf } : undefined;
  return c.html(layout({ nonce: c.var.nonce ?? "", title, operator, body }), status);
}

/**
 * The fields of a form posted on the desk, or the page that says why not: too large (413) or
 * unreadable (400), or without the session's CSRF token (403).
 */
export async function deskForm(
  c: DeskContext,
  title: string,
  limit: BodyLimit,
): Promise<FormData | Response> {
  let form: FormData;
  try {
    form = await readForm(c.req.raw, limit);
  } catch (e) {
    if (e instanceof BodyError)
      return deskPage(
        c,
        e.status === 413 ? 413 : 400,
        title,
        messageBody(title, { kind: "error", text: e.message }),
      );
    throw e;
  }
  if (!(await csrfOk(c, form)))
    return deskPage(c, 403, title, messageBody(title, { kind: "error", text: DESK_TEXTS.forbidden }));
  return form;
}

/** The submission of the path, or the page that says why there is none. */
export async function submissionOf(c: DeskContext): Promise<Submission | Response> {
  try {
    const found = await c.var.content.submissions.getSubmission(c.req.param("id") ?? "");
    if (found) return found;
    return deskPage(
      c,
      404,
      DESK_TEXTS.notFoundPage,
      messageBody(DESK_TEXTS.notFoundPage, { kind: "error", text: DESK_TEXTS.notFound }),
    );
  } catch (error) {
    console.error("loading a submission failed", error);
    return deskPage(
      c,
      503,
      DESK_TEXTS.submissions,
      messageBody(DESK_TEXTS.submissions, { kind: "error", text: DESK_TEXTS.detailFailed }),
    );
  }
}

/**
 * What the desk answers when one of its reads or writes throws (the Worker's error handler,
 * worker/middleware/on-error.ts): a desk page that says the store is down, 503, never the
 * visitor's 500 page. Rendered without the operator's menu: the session may be what failed.
 */
export function deskUnavailable(c: Context) {
  const body = messageBody(DESK_TEXTS.title, { kind: "error", text: DESK_TEXTS.storeDown });
  const page = layout({ nonce: c.get("nonce") ?? "", title: DESK_TEXTS.title, body });
  return c.html(page, 503, { "Cache-Control": "no-store", "Retry-After": "30" });
}
