import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fileOf, MAGIC, newClient, someArtistAndGenre, submissionForm } from "./form-helpers";
import { htmlText, visit } from "./helpers";

// The pages that take the forms when JavaScript is off (React Router actions).

function postPage(path: string, body: BodyInit, client = newClient(), headers: Record<string, string> = {}) {
  return visit(path, { method: "POST", body, headers: { "CF-Connecting-IP": client, ...headers } });
}

describe("POST /submit/form without JavaScript", () => {
  it("answers with the receipt page and the reference that D1 holds", async () => {
    const res = await postPage(
      "/submit/form",
      submissionForm({ audioFile: fileOf(MAGIC.id3, 2048, "demo.mp3", "audio/mpeg") }),
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(htmlText("Thank you, we've got your music"));
    const reference = html.match(/data-testid="submission-reference">(CF-[^<]+)</)?.[1];
    expect(reference).toMatch(/^CF-/);
    const row = await env.DB.prepare("SELECT status, audio_file_key FROM submissions WHERE reference = ?1")
      .bind(reference ?? "")
      .first();
    expect(row).toEqual({ status: "pending", audio_file_key: `submissions/${reference}/audio.mp3` });
  });

  it("renders the form again with HTTP 400, the field messages and the values typed", async () => {
    const res = await postPage("/submit/form", submissionForm({ track_title: null, email: "nope@x" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please fix the highlighted fields and send again.");
    expect(html).toContain("Enter the track title");
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain('value="Nadia Okafor"');
    expect(html).toContain('value="nope@x"');
  });

  it("answers a malformed body with HTTP 400 and a message on the page", async () => {
    const res = await postPage("/submit/form", "--b\r\nbroken", newClient(), {
      "Content-Type": "multipart/form-data; boundary=b",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("The form data could not be read: the request body is malformed.");
  });

  it("passes the rate limit's 429 and Retry-After through to the page", async () => {
    const client = newClient();
    for (let i = 0; i < 10; i++)
      await postPage("/submit/form", submissionForm({ track_title: null }), client);
    const res = await postPage("/submit/form", submissionForm(), client);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await res.text()).toContain("Too many attempts. Please wait a few minutes and try again.");
  });
});

describe("POST /newsletter without JavaScript", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  it("answers a valid address with the details step, then subscribes on Complete", async () => {
    const step = await postPage("/newsletter", form({ email: "pages@example.com", returnTo: "/events" }));
    expect(step.status).toBe(200);
    const html = await step.text();
    expect(html).toContain("Tell us a little more (optional)");
    expect(html).toMatch(/<button[^>]*value="skip"[^>]*>Skip<\/button>/);
    expect(html).toMatch(/<button[^>]*value="complete"[^>]*>Complete<\/button>/);
    const none = await env.DB.prepare(
      "SELECT id FROM newsletter_subscribers WHERE email = 'pages@example.com'",
    ).first();
    expect(none).toBeNull();

    const done = await postPage(
      "/newsletter",
      form({ email: "pages@example.com", intent: "complete", firstName: "Kai", returnTo: "/events" }),
    );
    expect(done.status).toBe(200);
    const page = await done.text();
    expect(page).toContain("Successfully subscribed!");
    expect(page).toContain('href="/events"');
    const row = await env.DB.prepare(
      "SELECT first_name FROM newsletter_subscribers WHERE email = 'pages@example.com'",
    ).first();
    expect(row).toEqual({ first_name: "Kai" });
  });

  it("offers the picks in the details step, the artist of the page it came from ticked, and stores what is ticked", async () => {
    const { artist, genre: genreSlug } = await someArtistAndGenre();
    const genre = { slug: genreSlug };
    const returnTo = `/artists/${artist?.slug}`;
    const step = await postPage("/newsletter", form({ email: "boxes.page@example.com", returnTo }));
    const html = await step.text();
    expect(html).toContain("Hear about (optional)");
    expect(html).toContain(`name="artists" checked="" value="${artist?.slug}"`);
    expect(html).toContain(`name="genres" value="${genre?.slug}"`);

    const ticked = new URLSearchParams([
      ["email", "boxes.page@example.com"],
      ["intent", "complete"],
      ["artists", artist?.slug ?? ""],
      ["genres", genre?.slug ?? ""],
      ["returnTo", returnTo],
    ]);
    expect((await postPage("/newsletter", ticked)).status).toBe(200);
    const { results } = await env.DB.prepare(
      `SELECT p.kind || ':' || p.slug AS pick FROM newsletter_picks p JOIN newsletter_subscribers s ON s.id = p.subscriber_id
       WHERE s.email = 'boxes.page@example.com' ORDER BY pick`,
    ).all<{ pick: string }>();
    expect(results.map((r) => r.pick)).toEqual([`artist:${artist?.slug}`, `genre:${genre?.slug}`]);
  });

  it("answers an invalid address with HTTP 400 and 'Please enter a valid email address'", async () => {
    const res = await postPage("/newsletter", form({ email: "x@y" }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enter a valid email address");
  });

  it("never links back off-site after a sign-up", async () => {
    const res = await postPage(
      "/newsletter",
      form({ email: "safe@example.com", intent: "skip", returnTo: "//evil.example/path" }),
    );
    const html = await res.text();
    expect(html).not.toContain("evil.example");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Continue browsing/);
  });

  it.each([
    "/%09/evil.example",
    "/%0A/evil.example",
    "/%5Cevil.example",
    "%5C/evil.example",
    "/.//evil.example",
  ])("links home, not off-site, when another site's form posts returnTo=%s", async (returnTo) => {
    // The body as a cross-site form sends it (application/x-www-form-urlencoded).
    const res = await postPage(
      "/newsletter",
      `email=crosssite%40example.com&intent=skip&returnTo=${returnTo}`,
      newClient(),
      { "Content-Type": "application/x-www-form-urlencoded" },
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    const href = html.match(/<a[^>]*href="([^"]*)"[^>]*>Continue browsing/)?.[1];
    expect(href).toBe("/");
    expect(html).not.toContain("evil.example");
  });
});
