// Renamed entries keep their old addresses (docs/decisions/151-renamed-slugs-redirect.md): a save
// that changes an entry's slug appends the slug it had to its `former_slugs` (the
// artist.former-slug component), which the Worker looks up when an address names no entry by
// its slug now, answering 301 to the entry's page. A document service middleware, so every way
// an entry is saved (the admin panel, the Content API, a script) keeps it the same. Both the
// published slug (the one visitors know) and the draft's are kept when the save changes them: a
// draft renamed twice before its publish keeps the name in between too, which costs a redirect
// nobody follows.

const RENAMED = [
  'api::blog-post.blog-post',
  'api::label-release.label-release',
  'api::mixtape.mixtape',
  'api::event.event',
  'api::artist.artist',
];

/** The slugs an entry keeps: its former slugs (as the save gives them, or as stored), then `gone`, each once. */
function keptSlugs(listed, gone, slug) {
  const out = [];
  for (const entry of listed ?? []) {
    const s = typeof entry === 'string' ? entry : entry?.slug;
    if (typeof s === 'string' && s && !out.includes(s)) out.push(s);
  }
  for (const s of gone) if (s && s !== slug && !out.includes(s)) out.push(s);
  return out;
}

/** Registers the middleware; call it from the app's register() (document middlewares go there). */
function formerSlugs(strapi) {
  strapi.documents.use(async (context, next) => {
    const data = context.params?.data;
    const documentId = context.params?.documentId;
    if (!RENAMED.includes(context.uid) || context.action !== 'update' || !documentId) return next();
    if (!data || typeof data.slug !== 'string' || !data.slug) return next();
    const find = (status) =>
      strapi
        .documents(context.uid)
        .findOne({ documentId, status, fields: ['slug'], populate: { former_slugs: true } });
    const [draft, published] = await Promise.all([find('draft'), find('published')]);
    const gone = [published?.slug, draft?.slug].filter((s) => s && s !== data.slug);
    if (!gone.length) return next();
    const listed = 'former_slugs' in data ? data.former_slugs : (draft ?? published)?.former_slugs;
    const kept = keptSlugs(listed, gone, data.slug);
    context.params = { ...context.params, data: { ...data, former_slugs: kept.map((slug) => ({ slug })) } };
    return next();
  });
}

module.exports = { formerSlugs, keptSlugs };
