import type { NewsletterAdmin, Subscriber } from "@core/content/newsletter";
import type { AppEnv } from "@worker/app-env";
import { requireBearer } from "@worker/auth";
import { Hono } from "hono";
import { csvRow } from "./csv";

/**
 * GET /api/newsletter/subscribers: every confirmed subscriber for the operator (ADMIN_TOKEN), as CSV
 * (the default, `?format=csv`, `Accept: text/csv`) or JSON (`?format=json`,
 * `Accept: application/json`), each with the unsubscribe URL to put in the mails
 * (docs/decisions/032-embedded-store-operations.md). Read in batches and streamed, so the list
 * may be long.
 */
export const newsletterApi = new Hono<AppEnv>();

const NO_STORE = { "Cache-Control": "no-store" };
const BATCH = 1000;
export const CSV_COLUMNS = [
  "email",
  "subscribed_at",
  "source",
  "first_name",
  "last_name",
  "city",
  "unsubscribe_url",
  "consented_at",
  "artists",
  "genres",
] as const;

const adminOnly = requireBearer({
  token: (env) => env.ADMIN_TOKEN,
  error: "Unauthorized: send the admin token as 'Authorization: Bearer <token>'.",
  challenge: 'Bearer realm="crossfade-admin"',
});

function formatOf(format: string | undefined, accept: string | undefined): "csv" | "json" | null {
  if (format === "csv" || format === "json") return format;
  if (format !== undefined) return null;
  const wantsJson = /application\/json/.test(accept ?? "") && !/text\/csv/.test(accept ?? "");
  return wantsJson ? "json" : "csv";
}

/** Every subscriber, batch by batch from `first`, as text chunks. */
async function* chunks(admin: NewsletterAdmin, first: Subscriber[], line: (s: Subscriber) => string) {
  let batch = first;
  while (batch.length > 0) {
    yield batch.map(line).join("");
    if (batch.length < BATCH) return;
    batch = await admin.listSubscribers(batch[batch.length - 1]?.id ?? 0, BATCH);
  }
}

function stream(parts: AsyncGenerator<string>, head: string, tail: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(head));
      }
      const next = await parts.next();
      if (next.done) {
        controller.enqueue(encoder.encode(tail));
        controller.close();
      } else controller.enqueue(encoder.encode(next.value));
    },
  });
}

newsletterApi.get("/newsletter/subscribers", adminOnly, async (c) => {
  const admin = c.var.content.newsletter.admin;
  if (!admin) return c.json({ error: "This store has no subscriber export." }, 501, NO_STORE);
  const format = formatOf(c.req.query("format"), c.req.header("Accept"));
  if (!format) return c.json({ error: "format must be csv or json." }, 400, NO_STORE);
  const url = unsubscribeUrl(c.var.content.siteUrl);
  // The first batch is read before answering, so a failing store is an error status, not a cut file.
  let first: Subscriber[];
  try {
    first = await admin.listSubscribers(0, BATCH);
  } catch (error) {
    console.error("the subscriber export failed", error);
    return c.json({ error: "The subscriber list cannot be read right now. Try again in a minute." }, 503, {
      ...NO_STORE,
      "Retry-After": "30",
    });
  }
  if (format === "json") {
    let separator = "";
    const body = chunks(admin, first, (s) => {
      const item = JSON.stringify({
        email: s.email,
        subscribedAt: s.subscribedAt,
        source: s.source,
        firstName: s.firstName,
        lastName: s.lastName,
        city: s.city,
        unsubscribeUrl: url(s.unsubscribeToken),
        consentedAt: s.confirmedAt,
        artists: s.picks.artists,
        genres: s.picks.genres,
      });
      const out = `${separator}${item}`;
      separator = ",";
      return out;
    });
    return c.body(stream(body, '{"items":[', "]}"), 200, {
      ...NO_STORE,
      "Content-Type": "application/json; charset=utf-8",
    });
  }
  return csvAnswer(admin, first, url);
});

/**
 * The subscribers as a CSV download, from the first batch `first` on: the answer of this export
 * and of the review desk's (worker/admin/).
 */
export function csvAnswer(
  admin: NewsletterAdmin,
  first: Subscriber[],
  url: (token: string) => string,
): Response {
  const day = new Date().toISOString().slice(0, 10);
  const body = chunks(admin, first, (s) =>
    csvRow([
      s.email,
      s.subscribedAt,
      s.source,
      s.firstName,
      s.lastName,
      s.city,
      url(s.unsubscribeToken),
      s.confirmedAt,
      // The picks' slugs, space-separated (docs/decisions/090-newsletter-picks.md).
      s.picks.artists.join(" "),
      s.picks.genres.join(" "),
    ]),
  );
  return new Response(stream(body, csvRow([...CSV_COLUMNS]), ""), {
    status: 200,
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${day}.csv"`,
    },
  });
}

/** The whole CSV export: the first batch is read before answering, so a failing store throws. */
export async function subscribersCsv(admin: NewsletterAdmin, siteUrl: string): Promise<Response> {
  return csvAnswer(admin, await admin.listSubscribers(0, BATCH), unsubscribeUrl(siteUrl));
}

function unsubscribeUrl(siteUrl: string) {
  return (token: string) => `${siteUrl}/newsletter/unsubscribe?token=${token}`;
}
