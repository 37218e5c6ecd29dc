import type { WorkerEnv } from "@worker/env";
import { opsStoreOf } from "@worker/ops/service";
import { startAnnouncement } from "./announcements";
import { describeMail } from "./port";

/**
 * Release-day drops (docs/decisions/156-release-day-drops.md): the announcements that wait for a
 * scheduled release go out when it goes live, in the same catch-up that publishes it (the first
 * request after its time, or the Cron Trigger), so the release's page, its podcast episode and
 * the newsletter arrive together. Each waiting draft is taken once, in one statement, however
 * many catch-ups run at once. While announcements are off (no mail or no queue) they keep
 * waiting, and go with the next catch-up that can send them.
 */
/** The hook a request's content cache calls with the releases its catch-up turned live. */
export const releaseDrops = (env: WorkerEnv) => (releases: string[]) => sendDrops(env, releases);

export async function sendDrops(env: WorkerEnv, releases: string[]): Promise<number> {
  if (!releases.length || describeMail(env).announcements === "off") return 0;
  const ops = opsStoreOf(env);
  const ids = await ops.announcements.takeWaiting(releases);
  let sent = 0;
  for (const id of ids) {
    const at = new Date().toISOString();
    try {
      const queued = await startAnnouncement(env, id);
      sent += 1;
      await ops.audit.record({
        subject: `announcement:${id}`,
        action: "sent",
        detail: `sent with its release going live, to ${queued ?? 0} subscriber${queued === 1 ? "" : "s"}`,
        actor: "schedule",
        at,
      });
    } catch (error) {
      // The draft waits no more: the desk shows it as a draft, to be sent by hand.
      console.error("a release-day drop could not be started", error);
      await ops.audit
        .record({
          subject: `announcement:${id}`,
          action: "drop-failed",
          detail: "its release went live but the send could not start: send it from here",
          actor: "schedule",
          at,
        })
        .catch(() => undefined);
    }
  }
  return sent;
}
