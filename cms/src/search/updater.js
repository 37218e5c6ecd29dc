// Keeps Meilisearch in step with what Strapi publishes (docs/operations.md "Meilisearch",
// docs/decisions/036). With MEILISEARCH_HOST set, a document service middleware watches posts,
// mixtapes and artists: publishing (also a Content API create or update, which publish) writes the
// published version's search document, unpublishing or deleting removes it, and a slug changed
// by a publish removes the document under the old slug. The admin key lives here, in the CMS,
// never in the Worker. The requests go out after Strapi has answered the editor, so a slow or
// absent Meilisearch never slows or fails publishing; a failure is logged, and the next
// `npm run search:sync` puts the index right. Once Meilisearch has applied a change, the Worker's
// cached searches are purged again (CROSSFADE_PURGE_URL): the purge webhook fires at once, and a
// search made before the index caught up would otherwise stay cached for minutes.
const { documentOf, INDEXED_TYPES, POST_POPULATE, ARTIST_POPULATE } = require('./documents.generated');

// The Content API's populate for each type (the Worker's Strapi adapter asks the same).
const POPULATE = {
  'api::blog-post.blog-post': POST_POPULATE,
  'api::mixtape.mixtape': '*',
  'api::artist.artist': ARTIST_POPULATE,
};
// Document service actions that can change what is published; draft saves (`status: 'draft'`)
// and discarding a draft leave the published version as it was.
const WATCHED = new Set(['create', 'update', 'publish', 'unpublish', 'delete']);
const TIMEOUT_MS = 10_000;
const TASK_POLL_MS = 100;

/** MEILISEARCH_HOST and MEILISEARCH_ADMIN_KEY from the environment; null when search is off. */
function searchSettings(env) {
  const host = (env.MEILISEARCH_HOST || '').trim().replace(/\/+$/, '');
  if (!host) return null;
  let parsed;
  try {
    parsed = new URL(host.includes('://') ? host : `http://${host}`);
  } catch {
    throw new Error(`MEILISEARCH_HOST is not a URL: ${host}`);
  }
  const key = (env.MEILISEARCH_ADMIN_KEY || '').trim();
  if (!key) {
    throw new Error(
      'MEILISEARCH_HOST is set without MEILISEARCH_ADMIN_KEY (a key that may add and delete documents)',
    );
  }
  return { host: parsed.href.replace(/\/+$/, ''), key };
}

/** The origin of the Worker's CMS_URL: Strapi's public URL, else where it listens. */
function cmsOrigin(strapi) {
  const url = strapi.config.get('server.url');
  if (url && /^https?:\/\//.test(url)) return new URL(url).origin;
  return `http://${strapi.config.get('server.host', '127.0.0.1')}:${strapi.config.get('server.port', 1337)}`;
}

function createMeilisearchClient({ host, key }, fetchImpl = fetch) {
  return async function send(method, path, body) {
    const res = await fetchImpl(`${host}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        'X-Meilisearch-Client': 'Crossfade Strapi updater',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`Meilisearch answered ${res.status} to ${method} ${path}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
}

/** Polls GET /tasks/{uid} until Meilisearch has applied the change; throws if it failed. */
async function settled(send, enqueued) {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const task = await send('GET', `/tasks/${enqueued.taskUid}`);
    if (task.status === 'succeeded') return task;
    if (task.status !== 'enqueued' && task.status !== 'processing') {
      throw new Error(`Meilisearch task ${task.uid} ended ${task.status}: ${task.error?.message ?? ''}`);
    }
    if (Date.now() > deadline) throw new Error(`Meilisearch task ${task.uid} still ${task.status}`);
    await new Promise((r) => setTimeout(r, TASK_POLL_MS));
  }
}

/** The Worker's purge of its search group, when Strapi knows the purge URL (the webhook's). */
function createSearchPurge(env, fetchImpl = fetch) {
  const url = (env.CROSSFADE_PURGE_URL || '').trim();
  const token = (env.CROSSFADE_PURGE_TOKEN || '').trim();
  if (!url || !token) return async () => {};
  return async () => {
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ groups: ['search'] }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`the Worker answered ${res.status} to the search purge`);
  };
}

/**
 * The middleware: reads the published version's slug before the action, lets it run, then sends
 * the change once the action's transaction has committed.
 */
function createSearchUpdater(strapi, settings, { fetchImpl = fetch, purge = async () => {} } = {}) {
  const send = createMeilisearchClient(settings, fetchImpl);
  const origin = cmsOrigin(strapi);

  const published = (uid, documentId, populate) =>
    documentId
      ? strapi.documents(uid).findOne({ documentId, status: 'published', ...(populate ? { populate } : {}) })
      : Promise.resolve(null);

  async function apply(uid, documentId, before) {
    const index = INDEXED_TYPES[uid];
    const after = await published(uid, documentId, POPULATE[uid]);
    const tasks = [];
    if (after) {
      tasks.push(await send('POST', `/indexes/${index}/documents`, [documentOf(uid, after, origin, process.env.S3_PUBLIC_URL || undefined)]));
    }
    if (before && (!after || after.slug !== before.slug)) {
      tasks.push(await send('DELETE', `/indexes/${index}/documents/${encodeURIComponent(before.slug)}`));
    }
    for (const task of tasks) await settled(send, task);
    if (tasks.length) await purge();
  }

  async function middleware(context, next) {
    const { uid, action, params = {} } = context;
    if (!(uid in INDEXED_TYPES) || !WATCHED.has(action)) return next();
    if ((action === 'create' || action === 'update') && params.status !== 'published') return next();
    const before = params.documentId
      ? await published(uid, params.documentId).catch(() => null)
      : null;
    const result = await next();
    const documentId = params.documentId || result?.documentId;
    // After the commit: the admin runs actions inside a transaction of its own, which is closed
    // by the time an update made now would read the published version (Strapi's own entry
    // events wait for the commit the same way).
    strapi.db.transaction(({ onCommit }) => {
      onCommit(() => {
        apply(uid, documentId, before).catch((error) => {
          strapi.log.error(`[crossfade] search update for ${uid} ${documentId} failed: ${error.message}`);
        });
      });
    });
    return result;
  }

  return { middleware, origin };
}

/** Registers the updater when MEILISEARCH_HOST is set; returns it, or null when search is off. */
function registerSearchUpdater(strapi, env = process.env) {
  const settings = searchSettings(env);
  if (!settings) return null;
  const updater = createSearchUpdater(strapi, settings, { purge: createSearchPurge(env) });
  strapi.documents.use(updater.middleware);
  strapi.log.info(`[crossfade] search updates → ${settings.host} (media from ${updater.origin})`);
  return updater;
}

module.exports = { registerSearchUpdater, createSearchUpdater, searchSettings };
