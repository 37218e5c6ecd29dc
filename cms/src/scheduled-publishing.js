// Scheduled publishing in Strapi (docs/decisions/153-scheduled-publishing.md, docs/cms.md
// "Scheduled publishing"). Every catalogue type has a `publishAt` datetime. A document saved as
// a draft with a `publishAt` stays a draft until then; this cron task (config/server.js, every
// minute unless CMS_PUBLISH_CRON says otherwise) publishes the drafts whose time came since its
// last run, which fires the purge webhook and the search updater like any publish. A document
// published with a `publishAt` still ahead is hidden from published reads by ./published-only.js;
// when its time comes the task tells the Worker to purge its cache (CROSSFADE_PURGE_URL), so it
// shows without anyone acting.

const SCHEDULED_TYPES = [
  'api::blog-post.blog-post',
  'api::aggregated-post.aggregated-post',
  'api::mixtape.mixtape',
  'api::label-release.label-release',
  'api::event.event',
  'api::artist.artist',
];
const MARK = { type: 'core', name: 'crossfade' };
const KEY = 'scheduled-publishing';
const TIMEOUT_MS = 10_000;

/** The Worker's purge of everything, when Strapi knows the purge URL (the webhook's). */
async function purgeWorker(env = process.env) {
  const url = (env.CROSSFADE_PURGE_URL || '').trim();
  const token = (env.CROSSFADE_PURGE_TOKEN || '').trim();
  if (!url || !token) return false;
  const res = await fetch(url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`the Worker answered ${res.status} to the purge`);
  return true;
}

/**
 * Publishes what came due in (since, now]: drafts that were never published are published (one
 * already live keeps its published version: publishing would put the draft's later edits live);
 * published versions whose time came make the Worker purge once. Returns what it did.
 */
async function publishDue(strapi, since, now, purge = purgeWorker) {
  const window = { publishAt: { $gt: since.toISOString(), $lte: now.toISOString() } };
  let published = 0;
  let cameDue = 0;
  for (const uid of SCHEDULED_TYPES) {
    const documents = strapi.documents(uid);
    const drafts = await documents.findMany({ status: 'draft', filters: window, fields: ['documentId'] });
    const live = await documents.findMany({ status: 'published', filters: window, fields: ['documentId'] });
    const liveIds = new Set(live.map((d) => d.documentId));
    cameDue += live.length;
    for (const draft of drafts) {
      if (liveIds.has(draft.documentId)) continue;
      const still = await documents.findFirst({ status: 'published', filters: { documentId: draft.documentId } });
      if (still) continue;
      await documents.publish({ documentId: draft.documentId });
      published += 1;
    }
  }
  if (cameDue) await purge();
  return { published, cameDue };
}

/** One run of the task: from the last run's time (kept in Strapi's store) to now. */
async function runScheduledPublishing(strapi, now = new Date()) {
  const store = strapi.store(MARK);
  const last = await store.get({ key: KEY });
  const since = last?.upTo ? new Date(last.upTo) : now;
  const done = await publishDue(strapi, since, now);
  await store.set({ key: KEY, value: { upTo: now.toISOString() } });
  if (done.published || done.cameDue) {
    strapi.log.info(
      `[crossfade] scheduled publishing: ${done.published} published, ${done.cameDue} came due (up to ${now.toISOString()})`,
    );
  }
  return done;
}

/** The cron tasks of config/server.js. */
function scheduledPublishingTasks(env = process.env) {
  return {
    scheduledPublishing: {
      task: async ({ strapi }) => {
        try {
          await runScheduledPublishing(strapi);
        } catch (error) {
          strapi.log.error(`[crossfade] scheduled publishing failed: ${error.message}`);
        }
      },
      options: { rule: (env.CMS_PUBLISH_CRON || '').trim() || '0 * * * * *' },
    },
  };
}

module.exports = { SCHEDULED_TYPES, publishDue, runScheduledPublishing, scheduledPublishingTasks };
