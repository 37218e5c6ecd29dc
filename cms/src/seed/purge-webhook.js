// The Worker's cache purge webhook (docs/operations.md "Publishing from Strapi"). When
// CROSSFADE_PURGE_URL is set, every boot keeps exactly one webhook named NAME that posts every
// entry and media event to that URL with `Authorization: Bearer <CROSSFADE_PURGE_TOKEN>`. It is
// found by name, so restarts update it in place (a new URL or a rotated token included) instead
// of adding another. Without CROSSFADE_PURGE_URL nothing is touched: a webhook created by hand
// in the admin panel keeps working.
const NAME = 'Crossfade cache (CROSSFADE_PURGE_URL)';

// Every entry event of every content type, and media (a replaced cover changes URLs everywhere).
const EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
  'entry.draft-discard',
  'media.create',
  'media.update',
  'media.delete',
];

function webhookSettings(env) {
  const url = (env.CROSSFADE_PURGE_URL || '').trim();
  if (!url) return null;
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`CROSSFADE_PURGE_URL is not a URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`CROSSFADE_PURGE_URL must be http(s): ${url}`);
  }
  const token = (env.CROSSFADE_PURGE_TOKEN || '').trim();
  if (!token) {
    throw new Error(
      'CROSSFADE_PURGE_URL is set without CROSSFADE_PURGE_TOKEN (the Worker answers 401 without it)',
    );
  }
  return { url, token };
}

/**
 * Creates or updates the purge webhook from the environment and registers it with the running
 * webhook runner (Strapi loaded the stored webhooks before the app's bootstrap ran).
 */
async function ensurePurgeWebhook(strapi, env = process.env) {
  const settings = webhookSettings(env);
  if (!settings) return null;
  const store = strapi.get('webhookStore');
  const runner = strapi.get('webhookRunner');
  // Only the events this Strapi knows (media events come from the upload plugin).
  const allowed = new Set(Array.from(store.allowedEvents.values()));
  const data = {
    name: NAME,
    url: settings.url,
    headers: { Authorization: `Bearer ${settings.token}` },
    events: EVENTS.filter((e) => allowed.has(e)),
    isEnabled: true,
  };
  const existing = (await store.findWebhooks()).filter((w) => w.name === NAME);
  let webhook;
  if (existing.length) {
    webhook = await store.updateWebhook(existing[0].id, data);
    runner.update(webhook);
    // A duplicate (e.g. from two instances booting at once on an empty database) is removed.
    for (const extra of existing.slice(1)) {
      await store.deleteWebhook(extra.id);
      runner.remove(extra);
    }
  } else {
    webhook = await store.createWebhook(data);
    runner.add(webhook);
  }
  strapi.log.info(`[crossfade] purge webhook '${NAME}' → ${settings.url} (${data.events.length} events)`);
  return webhook;
}

module.exports = { ensurePurgeWebhook, PURGE_WEBHOOK_NAME: NAME, PURGE_WEBHOOK_EVENTS: EVENTS };
