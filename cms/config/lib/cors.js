// Which web pages may call the CMS from a browser (docs/security.md). The site never does: the
// Worker calls Strapi server to server and media load as plain <img>/<audio>. So no origin but
// the ones listed in CMS_CORS_ORIGINS (comma-separated, e.g. the site's SITE_URL) and the CMS's
// own PUBLIC_URL; never '*', which let any page read Strapi's answers with a visitor's browser.

/** The allowed origins, each as scheme://host[:port]; a value that is no http(s) URL stops the boot. */
function corsOrigins(env = process.env) {
  const listed = (env.CMS_CORS_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const own = (env.PUBLIC_URL ?? '').trim();
  const origins = new Set();
  for (const value of own ? [...listed, own] : listed) {
    let url;
    try {
      url = new URL(value);
    } catch {
      url = null;
    }
    if (!url || !/^https?:$/.test(url.protocol)) {
      throw new Error(`CMS_CORS_ORIGINS and PUBLIC_URL take http(s) URLs, not ${JSON.stringify(value)} (see cms/.env.example)`);
    }
    origins.add(url.origin);
  }
  return [...origins];
}

module.exports = { corsOrigins };
