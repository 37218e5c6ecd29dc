import type { AppEnv } from "@worker/app-env";
import { BodyError, readText } from "@worker/forms/body";
import { type Context, Hono } from "hono";
import { deliveryExpiry } from "./deliveries";
import { svixKey, verifySvix } from "./svix";

/**
 * POST /api/mail/events (docs/decisions/089-bounces-and-complaints.md): the HTTP provider's
 * (Resend's) webhook, signed with Svix. `email.bounced` and `email.complained` put every
 * recipient on the suppression list (bounced, complained), so no further mail goes to them
 * whichever store keeps the subscribers; every other event is acknowledged and ignored. Without
 * MAIL_WEBHOOK_SECRET the endpoint does not exist (404). A replay of an accepted delivery (its
 * svix-id seen within the signature's window) is answered 200 and not acted on again
 * (docs/decisions/124-links-and-deliveries-checked-first.md). The Email Service binding reports no
 * bounces to a Worker: this is the HTTP provider's path only.
 */
export const mailEvents = new Hono<AppEnv>();

const NO_STORE = { "Cache-Control": "no-store" };
/** A Resend event is a few hundred bytes; anything this large is not one. */
const LIMIT = { max: 64 * 1024, message: "The webhook body is too large (at most 64 KB)." };
/** Recipients of one event that are read (Resend sends at most 50 per mail). */
const MAX_RECIPIENTS = 50;
const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

type Reason = "bounced" | "complained";

/** What the event asks for: a reason and its recipients, null to ignore it, or a refusal. */
function readEvent(value: unknown): { reason: Reason; recipients: string[] } | null | string {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return "The body must be a JSON object.";
  const event = value as { type?: unknown; data?: unknown };
  if (typeof event.type !== "string") return "The event has no type.";
  if (event.type !== "email.bounced" && event.type !== "email.complained") return null;
  const data = (event.data ?? {}) as { to?: unknown; bounce?: { type?: unknown } };
  // Resend sends a bounce once the receiving server refused for good; a transient one is no reason to stop.
  if (event.type === "email.bounced" && data.bounce?.type === "Transient") return null;
  const to = typeof data.to === "string" ? [data.to] : data.to;
  if (!Array.isArray(to) || to.length === 0 || to.length > MAX_RECIPIENTS)
    return `The ${event.type} event must name its recipients in data.to (1 to ${MAX_RECIPIENTS} addresses).`;
  const recipients = to.map((r) => (typeof r === "string" ? r.trim().toLowerCase() : ""));
  if (!recipients.every((r) => ADDRESS.test(r)))
    return `Every recipient in data.to must be an e-mail address.`;
  return { reason: event.type === "email.bounced" ? "bounced" : "complained", recipients };
}

const refuse = (c: Context<AppEnv>, status: 400 | 401 | 413 | 415, error: string) =>
  c.json({ error }, status, NO_STORE);

mailEvents.post("/mail/events", async (c) => {
  const secret = c.env.MAIL_WEBHOOK_SECRET?.trim();
  if (!secret || !svixKey(secret)) return c.json({ error: "Not found" }, 404, NO_STORE);
  let body: string;
  try {
    body = await readText(c.req.raw, LIMIT);
  } catch (error) {
    if (error instanceof BodyError) return refuse(c, error.status as 400 | 413, error.message);
    throw error;
  }
  const verdict = await verifySvix(secret, c.req.raw.headers, body);
  if (!verdict.ok) return refuse(c, verdict.status, verdict.error);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return refuse(c, 400, "The body is not valid JSON.");
  }
  const event = readEvent(value);
  if (typeof event === "string") return refuse(c, 400, event);
  // A delivery already accepted is acknowledged and changes nothing (worker/mail/deliveries.ts).
  if (!(await c.var.ops.deliveries.claim(verdict.id, deliveryExpiry(verdict.timestamp))))
    return c.json({ suppressed: [], replay: true }, 200, NO_STORE);
  if (!event) return c.json({ suppressed: [] }, 200, NO_STORE);
  try {
    for (const email of event.recipients) await c.var.ops.suppressions.suppress(email, event.reason);
  } catch (error) {
    await c.var.ops.deliveries.release(verdict.id).catch(() => undefined);
    throw error;
  }
  return c.json({ suppressed: event.recipients, reason: event.reason }, 200, NO_STORE);
});
