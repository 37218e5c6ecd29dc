const { randomBytes } = require('node:crypto');
const { factories } = require('@strapi/strapi');

const UID = 'api::email-subscriber.email-subscriber';

/** A repeat sign-up of a pending address sends its confirmation again, at most this often. */
const CONFIRMATION_RESEND_MS = 10 * 60 * 1000;
/** Rows per page of the export (GET /email-subscribers/confirmed). */
const MAX_PAGE = 1000;

function text(value) {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
}

const newToken = () => randomBytes(16).toString('hex');

/**
 * The artists and genres picked in the second step, by slug (docs/decisions/090-newsletter-picks.md):
 * the Worker checked them already; this keeps only well-formed slugs, at most 20 of each.
 */
function picksOf(value) {
  const slugs = (list) =>
    Array.isArray(list)
      ? [...new Set(list.filter((s) => typeof s === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s)))].slice(0, 20)
      : [];
  const picks = { artists: slugs(value?.artists), genres: slugs(value?.genres) };
  return picks.artists.length || picks.genres.length ? picks : null;
}

/** What the Worker reads of a subscriber (its export and unsubscribe pages). */
function listed(row) {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName ?? null,
    lastName: row.lastName ?? null,
    city: row.city ?? null,
    source: row.source ?? 'website_footer',
    subscribedAt: row.subscribedAt ?? row.createdAt,
    consentedAt: row.consentedAt ?? null,
    unsubscribeToken: row.unsubscribeToken,
    picks: picksOf(row.picks) ?? { artists: [], genres: [] },
  };
}

/** A positive integer from a path or query parameter, else null. */
function idOf(value) {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The newsletter's endpoints for the Worker (docs/decisions/088-strapi-double-opt-in.md): only
 * the Worker's API token may call them (cms/src/seed/api-token.js); the public role cannot.
 * The Worker keeps the visitor's answer the same whatever happened here (docs/security.md), so
 * these answers may say what the store knows.
 */
module.exports = factories.createCoreController(UID, ({ strapi }) => {
  const rows = () => strapi.db.query(UID);
  /** The subscribers in `status` with ids above ?after, by id, ?limit (at most MAX_PAGE) of them. */
  const byStatus = async (ctx, status) => {
    const after = Math.max(0, Number(ctx.query.after) || 0);
    const limit = Math.min(MAX_PAGE, Math.max(1, Number(ctx.query.limit) || MAX_PAGE));
    const found = await rows().findMany({ where: { id: { $gt: after }, status }, orderBy: { id: 'asc' }, limit });
    return { data: found.map(listed) };
  };
  return {
    /**
     * Newsletter sign-up from the site footer. A repeat address (any letter case) is not an
     * error: it keeps the first sign-up as it is, picks included (anyone can type anyone's
     * address; docs/decisions/125-token-limit-picks-and-salt.md). With `pending` (double opt-in)
     * a new address is stored pending and the answer carries `confirmation` (the id and address
     * to sign a link for); a pending one carries it again once the last mail is older than the
     * resend interval; a confirmed one never does. Without `pending` a new address is confirmed
     * at once, as before there was mail.
     */
    async subscribe(ctx) {
      const body = ctx.request.body ?? {};
      const input = body.data && typeof body.data === 'object' ? body.data : body;
      const email = text(input.email)?.toLowerCase();
      if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        return ctx.badRequest('Please enter a valid email address');
      }
      const pending = input.pending === true;
      const now = new Date();
      const details = { firstName: text(input.firstName), lastName: text(input.lastName), city: text(input.city) };
      let row = await rows().findOne({ where: { email: { $eqi: email } } });
      if (!row) {
        row = await strapi.documents(UID).create({
          data: {
            email,
            ...details,
            source: text(input.source) ?? 'website_footer',
            subscribedAt: now.toISOString(),
            status: pending ? 'pending' : 'confirmed',
            consentedAt: pending ? null : now.toISOString(),
            unsubscribeToken: newToken(),
            picks: picksOf(input.picks),
          },
        });
        row = await rows().findOne({ where: { id: row.id } });
      }
      ctx.status = 201;
      const answer = { message: 'Successfully subscribed!', confirmation: null };
      if (!pending || row.status !== 'pending') return answer;
      const last = row.confirmationSentAt ? Date.parse(row.confirmationSentAt) : 0;
      if (now.getTime() - last < CONFIRMATION_RESEND_MS) return answer;
      await rows().update({ where: { id: row.id }, data: { confirmationSentAt: now.toISOString() } });
      return { ...answer, confirmation: { id: row.id, email: row.email } };
    },

    /** GET /email-subscribers/state/:id: the subscriber a confirmation link names, or 404. */
    async state(ctx) {
      const id = idOf(ctx.params.id);
      const row = id && (await rows().findOne({ where: { id } }));
      if (!row) return ctx.notFound('No such subscriber');
      return { data: { id: row.id, email: row.email, status: row.status ?? 'confirmed' } };
    },

    /**
     * POST /email-subscribers/confirm { id, email }: confirms, idempotently (the first consent
     * time is kept); 404 when no subscriber has that id and address.
     */
    async confirm(ctx) {
      const { id: rawId, email } = ctx.request.body ?? {};
      const id = idOf(rawId);
      const row = id && typeof email === 'string' && (await rows().findOne({ where: { id, email: email.toLowerCase() } }));
      if (!row) return ctx.notFound('No such subscriber');
      const updated = await rows().update({
        where: { id },
        data: { status: 'confirmed', consentedAt: row.consentedAt ?? new Date().toISOString() },
      });
      return { data: { id: updated.id, email: updated.email, status: updated.status } };
    },

    /** POST /email-subscribers/unsent { id }: the confirmation did not go out, so the next sign-up sends it. */
    async unsent(ctx) {
      const id = idOf(ctx.request.body?.id);
      if (!id) return ctx.badRequest('id must be a positive integer');
      await rows().update({ where: { id }, data: { confirmationSentAt: null } });
      return { data: { id } };
    },

    /** POST /email-subscribers/expire { before }: removes pending sign-ups whose last link went out before then. */
    async expire(ctx) {
      const before = ctx.request.body?.before;
      if (typeof before !== 'string' || Number.isNaN(Date.parse(before))) {
        return ctx.badRequest('before must be an ISO 8601 time');
      }
      const { count } = await rows().deleteMany({
        where: {
          status: 'pending',
          $or: [
            { confirmationSentAt: { $lt: before } },
            { confirmationSentAt: { $null: true }, subscribedAt: { $lt: before } },
          ],
        },
      });
      return { removed: count };
    },

    /** GET /email-subscribers/confirmed?after=&limit=: confirmed subscribers by id, for the export. */
    confirmed: (ctx) => byStatus(ctx, 'confirmed'),

    /**
     * GET /email-subscribers/pending?after=<id>&limit=<n>: the sign-ups still waiting for their
     * confirmation, by id (the review desk's Subscribers page, never the export).
     */
    pending: (ctx) => byStatus(ctx, 'pending'),

    /** GET /email-subscribers/count: how many confirmed subscribers there are. */
    async count() {
      return { count: await rows().count({ where: { status: 'confirmed' } }) };
    },

    /** POST /email-subscribers/by-token { token }: the subscriber an unsubscribe link names, or 404. */
    async byToken(ctx) {
      const token = String(ctx.request.body?.token ?? '');
      const row = /^[0-9a-f]{32}$/.test(token) && (await rows().findOne({ where: { unsubscribeToken: token } }));
      if (!row) return ctx.notFound('No such subscriber');
      return { data: listed(row) };
    },

    /** POST /email-subscribers/unsubscribe { token }: removes the subscriber, answering its address; 404 when unknown. */
    async unsubscribe(ctx) {
      const token = String(ctx.request.body?.token ?? '');
      const row = /^[0-9a-f]{32}$/.test(token) && (await rows().findOne({ where: { unsubscribeToken: token } }));
      if (!row) return ctx.notFound('No such subscriber');
      await strapi.documents(UID).delete({ documentId: row.documentId });
      return { data: { email: row.email } };
    },
  };
});
