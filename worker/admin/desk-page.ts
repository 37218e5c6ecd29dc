import { BodyError, type BodyLimit, readForm } from "@worker/forms/body";
import { csrfOk, type DeskContext } from "./guard";
import { DESK_TEXTS } from "./texts";
import { layout, messageBody } from "./views";

export type DeskStatus = 200 | 400 | 401 | 403 | 404 | 413 | 429 | 503;

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
