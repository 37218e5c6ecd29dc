import type { AppEnv } from "@worker/app-env";
import type { SessionOwner } from "@worker/ops/store";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { accessEditor } from "./access";
import { editorsOf } from "./editors-list";
import {
  CLEARED_COOKIE,
  csrfMatches,
  csrfToken,
  newSession,
  openSession,
  SESSION_COOKIE,
  type SessionCheck,
  type SessionPayload,
  sealSession,
  sessionCookie,
} from "./session";
import { DESK_TEXTS } from "./texts";

/**
 * Who may use the desk and how its forms are protected (docs/decisions/034-admin-review-desk.md):
 * a valid session cookie for every page but the sign-in, and for every POST the same origin
 * (Origin, else Sec-Fetch-Site) plus, once signed in, the session's CSRF token.
 */

export type DeskEnv = AppEnv & {
  Variables: AppEnv["Variables"] & {
    adminToken: string;
    session: SessionPayload;
    csrf: string;
    /** Who is signed in (docs/decisions/155-editors-sign-in-as-themselves.md). */
    owner: SessionOwner;
    /** The cookie of a session this request opened (a Cloudflare Access sign-in), sent with its answer. */
    newCookie?: string;
  };
};

export type DeskContext = Context<DeskEnv>;

/** The operator's own site sent this request (a form of the desk), not another site. */
export function fromSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin) return origin === new URL(request.url).origin;
  // Browsers that send no Origin on a same-origin POST still send Sec-Fetch-Site.
  const site = request.headers.get("Sec-Fetch-Site");
  return site === null || site === "same-origin";
}

/**
 * The request's session: its cookie must be signed, unexpired and still open on the server
 * (not signed out: the operational store's sessions, worker/ops/store.ts), and an editor's must
 * be of an address still on EDITORS: taking one off the list ends their sessions.
 */
export type DeskSessionCheck =
  | Exclude<SessionCheck, { ok: true }>
  | { ok: true; session: SessionPayload; owner: SessionOwner };

export async function deskSession(c: DeskContext): Promise<DeskSessionCheck> {
  const check = await openSession(c.var.adminToken, getCookie(c, SESSION_COOKIE));
  if (!check.ok) {
    // Behind Cloudflare Access, an editor's verified token opens a session of their own.
    const editor = await accessEditor(c.req.raw, c.env);
    if (!editor) return check;
    const owner: SessionOwner = { editor, via: "access" };
    const { session, cookie } = await startSession(c, owner);
    c.set("newCookie", cookie);
    return { ok: true, session, owner };
  }
  const owner = await c.var.ops.sessions.ownerOf(check.session);
  if (!owner || (owner.editor !== null && !editorsOf(c.env).has(owner.editor)))
    return { ok: false, reason: "expired" };
  return { ...check, owner };
}

/**
 * Opens a desk session for `owner` (the admin token's by default): recorded in the operational
 * store, so it can be listed and ended; with the Set-Cookie value that carries it.
 */
export async function startSession(c: DeskContext, owner?: SessionOwner) {
  const session = newSession();
  await c.var.ops.sessions.record(session, owner);
  return { session, cookie: sessionCookie(await sealSession(c.var.adminToken, session)) };
}

/** Who made a change on the desk, as its history names them: an editor's address, or ADMIN_TOKEN. */
export const actorOf = (c: DeskContext): string => c.var.owner?.editor ?? "ADMIN_TOKEN";

/**
 * Pages and files behind the sign-in. Without a valid session a page redirects to the sign-in
 * (saying the session ended when the cookie was expired or altered) and clears the cookie; a
 * file answers 401.
 */
export function requireSession(kind: "page" | "file"): MiddlewareHandler<DeskEnv> {
  return async (c, next) => {
    let check: DeskSessionCheck;
    try {
      check = await deskSession(c);
    } catch (error) {
      // The session table is in D1: while it fails nobody is signed in or out.
      console.error("reading the desk's session failed", error);
      return c.text(DESK_TEXTS.storeDown, 503, { "Retry-After": "30" });
    }
    if (!check.ok) {
      if (kind === "file") return c.text("Sign in to the review desk first.", 401);
      const to = check.reason === "missing" ? "/admin" : "/admin?session=ended";
      return c.body(null, 303, {
        Location: to,
        ...(check.reason === "missing" ? {} : { "Set-Cookie": CLEARED_COOKIE }),
      });
    }
    c.set("session", check.session);
    c.set("owner", check.owner);
    c.set("csrf", await csrfToken(c.var.adminToken, check.session));
    await next();
  };
}

/** Whether a signed-in POST carries this session's CSRF token and comes from the desk's origin. */
export async function csrfOk(c: DeskContext, form: FormData): Promise<boolean> {
  if (!fromSameOrigin(c.req.raw)) return false;
  const given = form.get("csrf");
  return csrfMatches(c.var.adminToken, c.var.session, typeof given === "string" ? given : undefined);
}

/**
 * Records a change made on the desk with who made it and when. The change itself is made: a
 * history that cannot be written is logged, never undone.
 */
export async function audit(c: DeskContext, subject: string, action: string, detail: string): Promise<void> {
  try {
    await c.var.ops.audit.record({
      subject,
      action,
      detail,
      actor: actorOf(c),
      at: new Date().toISOString(),
    });
  } catch (error) {
    console.error("recording the desk's history failed", error);
  }
}
