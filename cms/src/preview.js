// Strapi's Preview button (docs/decisions/154-signed-preview-links.md): the content manager asks
// config/admin.js's `preview.config.handler` for the URL of the document being edited, and shows
// that page in a frame beside the form. The URL is the Worker's page of the document with a signed
// preview link, exactly as core/content/preview.ts signs it: HMAC-SHA256 under PREVIEW_SECRET
// (the Worker's variable of the same name) of "crossfade-preview\n<path>\n<expiry in seconds>",
// in base64url, as `?preview=<expiry>.<signature>`. The Worker then reads the draft with its API
// token. Without PREVIEW_SECRET or CROSSFADE_SITE_URL the button is off.

const { createHmac } = require('node:crypto');

/** The Worker's section of each content type with a page of its own. */
const SECTIONS = {
  'api::blog-post.blog-post': 'blog',
  'api::mixtape.mixtape': 'mixtapes',
  'api::label-release.label-release': 'releases',
  'api::event.event': 'events',
  'api::artist.artist': 'artists',
};

/** How long a link the admin makes opens its page: a day, as the Worker's own tools make them. */
const HOURS = 24;

/** The `preview` value that opens `path` until `expiresMs` (kept to the second). */
function previewToken(secret, path, expiresMs) {
  const seconds = Math.floor(expiresMs / 1000);
  const signature = createHmac('sha256', secret).update(`crossfade-preview\n${path}\n${seconds}`).digest('base64url');
  return `${seconds}.${signature}`;
}

/** The Worker's page of `path` with its preview link. */
function previewLink(site, secret, path, expiresMs) {
  const url = new URL(path, site);
  url.searchParams.set('preview', previewToken(secret, path, expiresMs));
  return url.href;
}

/** The origin of a URL, or undefined when it is none. */
function originOf(address) {
  try {
    const url = new URL(address);
    return /^https?:$/.test(url.protocol) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * config/admin.js's `preview`: on when both the site and the secret are known. `documents` reads a
 * document (Strapi's document service; the global `strapi` when the admin asks).
 */
function previewConfig(env = process.env, documents = (uid) => global.strapi.documents(uid), now = Date.now) {
  const secret = (env.PREVIEW_SECRET || '').trim();
  const site = originOf((env.CROSSFADE_SITE_URL || '').trim());
  if (!secret || !site) return { enabled: false };
  return {
    enabled: true,
    config: {
      // The admin's own Content Security Policy lets it frame the site (Strapi adds frame-src).
      allowedOrigins: [site],
      async handler(uid, { documentId, status }) {
        const section = SECTIONS[uid];
        if (!section || !documentId) return null;
        const document = await documents(uid).findOne({
          documentId,
          status: status === 'published' ? 'published' : 'draft',
          fields: ['slug'],
        });
        if (!document?.slug) return null;
        return previewLink(site, secret, `/${section}/${String(document.slug).toLowerCase()}`, now() + HOURS * 3600_000);
      },
    },
  };
}

module.exports = { previewConfig, previewToken, previewLink, SECTIONS };
