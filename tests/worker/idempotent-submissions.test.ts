import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fileOf, MAGIC, newClient, postSubmission, submissionForm } from "./form-helpers";
import { visit } from "./helpers";

// A retry of the same form fill stores nothing new (docs/decisions/068-idempotent-submissions.md).

interface Answer {
  id: string;
  reference: string;
}

const rowsWithKey = async (key: string) =>
  (
    await env.DB.prepare("SELECT COUNT(*) AS n FROM submissions WHERE idempotency_key = ?1").bind(key).first<{
      n: number;
    }>()
  )?.n;

const storedFiles = async () => {
  const listed = await env.UPLOADS.list({ prefix: "submissions/" });
  return listed.objects.map((o) => o.key);
};

const withFile = (key: string, title: string) =>
  submissionForm({
    track_title: title,
    submissionKey: key,
    audioFile: fileOf(MAGIC.mp3, 4096, "retry.mp3", "audio/mpeg"),
  });

describe("a submission sent again with its form fill's key", () => {
  it("answers with the first submission (the same reference) and stores nothing new", async () => {
    const key = crypto.randomUUID();
    const first = await postSubmission(withFile(key, "Sent Twice"));
    expect(first.status).toBe(201);
    const stored = (await first.json()) as Answer;
    const files = await storedFiles();
    const again = await postSubmission(withFile(key, "Sent Twice"));
    expect(again.status).toBe(201);
    expect(((await again.json()) as Answer).reference).toBe(stored.reference);
    expect(await rowsWithKey(key)).toBe(1);
    expect(await storedFiles()).toEqual(files);
  });

  it("stores one submission when the same key arrives five times at once", async () => {
    const key = crypto.randomUUID();
    const before = await storedFiles();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postSubmission(withFile(key, "Sent At Once"), newClient())),
    );
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as Answer[];
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(bodies.map((b) => b.reference)).size).toBe(1);
    expect(await rowsWithKey(key)).toBe(1);
    const added = (await storedFiles()).filter((k) => !before.includes(k));
    expect(added).toEqual([`submissions/${bodies[0]?.reference}/audio.mp3`]);
  });

  it("stores two submissions for two keys, and one without a key each time", async () => {
    const a = (await (await postSubmission(withFile(crypto.randomUUID(), "Key A"))).json()) as Answer;
    const b = (await (await postSubmission(withFile(crypto.randomUUID(), "Key B"))).json()) as Answer;
    expect(a.reference).not.toBe(b.reference);
    const plain = () => postSubmission(submissionForm({ track_title: "No Key" }));
    const c = (await (await plain()).json()) as Answer;
    const d = (await (await plain()).json()) as Answer;
    expect(c.reference).not.toBe(d.reference);
  });
});

describe("the form page's key", () => {
  const keyIn = (html: string) => /<input type="hidden" name="submissionKey" value="([^"]+)"/.exec(html)?.[1];

  it("is made for each visit and never stored by a cache", async () => {
    const one = await visit("/submit/form");
    const two = await visit("/submit/form");
    expect(one.headers.get("Cache-Control")).toBe("no-store");
    const [a, b] = [keyIn(await one.text()), keyIn(await two.text())];
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it("makes a no-JavaScript form sent twice one submission, with the same reference on both receipts", async () => {
    const key = keyIn(await (await visit("/submit/form")).text()) ?? "";
    const send = () =>
      visit("/submit/form", {
        method: "POST",
        body: withFile(key, "Page Sent Twice"),
        headers: { "CF-Connecting-IP": newClient() },
      });
    const first = await (await send()).text();
    const second = await (await send()).text();
    const reference = (html: string) => /data-testid="submission-reference">([^<]+)</.exec(html)?.[1];
    expect(reference(first)).toMatch(/^CF-/);
    expect(reference(second)).toBe(reference(first));
    expect(await rowsWithKey(key)).toBe(1);
  });

  it("keeps the key of a form sent back for fixing", async () => {
    const key = crypto.randomUUID();
    const res = await visit("/submit/form", {
      method: "POST",
      body: submissionForm({ track_title: null, submissionKey: key }),
      headers: { "CF-Connecting-IP": newClient() },
    });
    expect(res.status).toBe(400);
    expect(keyIn(await res.text())).toBe(key);
  });
});
