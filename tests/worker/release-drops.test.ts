import { env } from "cloudflare:workers";
import { catalogueToSql } from "@scripts/content/sql/to-sql";
import type { Catalogue } from "@scripts/content/types";
import type { WorkerEnv } from "@worker/env";
import { runScheduled } from "@worker/mail/scheduled";
import { createAnnouncement } from "@worker/ops/d1/announcements";
import { describe, expect, it } from "vitest";
import { signedInDesk } from "./desk-helpers";
import { MailRecorder, QueueRecorder } from "./mail-recorder";

// A release-day drop (docs/decisions/156-release-day-drops.md): an announcement set on the desk to
// go with a scheduled release goes out when the release goes live, with nobody at the desk.

const demo = JSON.parse(env.TEST_CATALOGUE) as Catalogue;

function scheduledRelease(id: number, slug: string, publishAt: string) {
  const first = demo.releases[0] as Catalogue["releases"][number];
  // No tracks or purchase links: theirs are the demo release's rows.
  return {
    ...first,
    id,
    slug,
    title: "Tidal Drop",
    pub_status: "published" as const,
    publish_at: publishAt,
    tracks: [],
    purchase_links: [],
  };
}

describe("a release-day drop", () => {
  it("sends the announcement set to go with a scheduled release when the release goes live", async () => {
    const mail = new MailRecorder();
    const queue = new QueueRecorder();
    const bindings: Partial<WorkerEnv> = mail.env({ MAIL_QUEUE: queue.binding });
    const due = new Date(Date.now() + 2_000).toISOString().replace(/\.\d+Z$/, "Z");
    const release = scheduledRelease(9101, "tidal-drop", due);
    await env.DB.batch(
      catalogueToSql({ releases: [release] } as unknown as Catalogue).map((sql) => env.DB.prepare(sql)),
    );
    await env.DB.prepare(
      `INSERT INTO newsletter_subscribers (email, created_at, status, confirmed_at, unsubscribe_token)
       VALUES ('drop-listener@listeners.example', ?1, 'confirmed', ?1, 'feedfacefeedfacefeedfacefeedface')`,
    )
      .bind(new Date().toISOString())
      .run();
    const id = await createAnnouncement(
      env.DB,
      { subject: "Tidal Drop is out", body: "The record is out today.", items: [] },
      { audience: "everyone", follows: { artists: [], genres: [] } },
    );

    const desk = await signedInDesk(bindings);
    const page = await (await desk.get(`/admin/announcements/${id}`)).text();
    expect(page).toContain('<option value="tidal-drop">');
    const set = await desk.post(
      `/admin/announcements/${id}/with-release`,
      { release: "tidal-drop" },
      `/admin/announcements/${id}`,
    );
    expect(set.status).toBe(303);
    const waiting = await (await desk.get(`/admin/announcements/${id}`)).text();
    expect(waiting).toContain("Goes out on its own when “Tidal Drop” goes live");
    expect(waiting).toMatch(/set to go out with “Tidal Drop” at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    // A release that is not scheduled is refused, and changes nothing.
    const wrong = await desk.post(
      `/admin/announcements/${id}/with-release`,
      { release: "no-such-release" },
      `/admin/announcements/${id}`,
    );
    expect(wrong.status).toBe(400);

    // Before the release's time the Cron Trigger sends nothing.
    await runScheduled({ ...env, ...bindings } as WorkerEnv, Date.now());
    expect(queue.bodies).toEqual([]);
    const status = () =>
      env.DB.prepare("SELECT status FROM announcements WHERE id = ?1").bind(id).first<{ status: string }>();
    expect((await status())?.status).toBe("draft");

    // From its time: the release is live and its announcement is on its way, once.
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(due) - Date.now()) + 200));
    await runScheduled({ ...env, ...bindings } as WorkerEnv, Date.now());
    const live = await env.DB.prepare("SELECT pub_status FROM releases WHERE id = 9101").first<{
      pub_status: string;
    }>();
    expect(live?.pub_status).toBe("published");
    expect((await status())?.status).toBe("sending");
    const sent = queue.take() as Array<{ kind: string; announcementId: number }>;
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.kind === "announcement" && m.announcementId === id)).toBe(true);
    await runScheduled({ ...env, ...bindings } as WorkerEnv, Date.now());
    expect(queue.take()).toEqual([]);
    const history = await (await desk.get(`/admin/announcements/${id}`)).text();
    expect(history).toMatch(/the schedule<\/span> · sent with its release going live, to \d+ subscribers?/);
  });
});
