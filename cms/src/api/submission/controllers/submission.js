const { factories } = require('@strapi/strapi');

const UID = 'api::submission.submission';
const STATUSES = ['pending', 'reviewing', 'accepted', 'rejected'];
const FIELDS = ['artist_name', 'email', 'track_title', 'genre', 'city', 'links', 'message'];
const AUDIO_TYPES = ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/flac', 'audio/x-flac', 'audio/aiff', 'audio/x-aiff'];
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MB = 1024 * 1024;
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function reference() {
  const pick = () => REFERENCE_ALPHABET[Math.floor(Math.random() * REFERENCE_ALPHABET.length)];
  const block = () => Array.from({ length: 4 }, pick).join('');
  return `CF-${block()}-${block()}`;
}

function text(value) {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
}

const REFERENCE = /^CF-[2-9A-Z]{4}-[2-9A-Z]{4}$/;

/**
 * A file the Worker stored in its own private bucket (docs/decisions/069-submission-files.md), as
 * it names it: kept as given when it is one, else null. Submissions' files never enter Strapi's
 * media library, which serves everything it holds publicly (its folder or bucket).
 */
function storedFile(value, role, reference, types, maxBytes) {
  if (!value || typeof value !== 'object') return null;
  const { name, type, size, location } = value;
  if (typeof name !== 'string' || !name || name.length > 200) return null;
  if (!types.includes(type) || !Number.isInteger(size) || size < 0 || size > maxBytes) return null;
  if (typeof location !== 'string' || !location.startsWith(`submissions/${reference}/${role}.`)) return null;
  return { name, type, size, location };
}

/** A form fill's key as the Worker sends it (core/forms/submission-key.ts), or null. */
function submissionKey(value) {
  return typeof value === 'string' && /^[A-Za-z0-9-]{16,64}$/.test(value) ? value : null;
}

const POPULATE = ['audioFile', 'artworkFile'];

/** The submission stored with this key, if any. */
function storedWith(strapi, key) {
  return strapi.documents(UID).findFirst({ filters: { submissionKey: key }, populate: POPULATE });
}

/** The one uploaded file of a multipart field (koa-body gives an array when repeated). */
function fileOf(files, name) {
  const f = files?.[name];
  return Array.isArray(f) ? f[0] : f;
}

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * POST /api/submissions (JSON, or a form without files): the form fields, the reference and the
   * files as the Worker stored them in its private bucket (audioStored, artworkStored), and the
   * form fill's key (docs/product.md section 7, docs/decisions/068 and 069). Files themselves are
   * refused: Strapi's media library would serve them to anyone.
   */
  async create(ctx) {
    const body = ctx.request.body ?? {};
    // JSON callers may still wrap fields in { data } as with any Strapi REST create.
    const input = body.data && typeof body.data === 'object' ? body.data : body;
    const data = {};
    for (const field of FIELDS) data[field] = text(input[field]);
    data.consent = input.consent === true || input.consent === 'true' || input.consent === 'on';
    if (!data.artist_name) return ctx.badRequest('Artist name is required');
    if (!data.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(data.email)) {
      return ctx.badRequest('Please enter a valid email address');
    }
    if (!data.track_title) return ctx.badRequest('Track title is required');
    if (!data.consent) return ctx.badRequest('Consent is required');

    // A retry of the same form fill (docs/decisions/068-idempotent-submissions.md): the answer
    // is the submission already stored, and nothing new is kept.
    const key = submissionKey(input.submissionKey);
    const first = key ? await storedWith(strapi, key) : null;
    if (first) {
      ctx.status = 201;
      return { data: first, meta: {} };
    }

    if (fileOf(ctx.request.files, 'audioFile') || fileOf(ctx.request.files, 'artworkFile')) {
      return ctx.badRequest('Files are kept by the site: send audioStored and artworkStored');
    }
    const ref = typeof input.reference === 'string' && REFERENCE.test(input.reference) ? input.reference : reference();
    for (const [field, role, types, max] of [
      ['audioStored', 'audio', AUDIO_TYPES, 50 * MB],
      ['artworkStored', 'artwork', IMAGE_TYPES, 10 * MB],
    ]) {
      if (input[field] === undefined || input[field] === null) continue;
      data[field] = storedFile(input[field], role, ref, types, max);
      if (!data[field]) return ctx.badRequest(`${field} is not a file the site stored for this submission`);
    }

    let created;
    try {
      created = await strapi.documents(UID).create({
        data: {
          ...data,
          reference: ref,
          status: 'pending',
          adminNotes: null,
          submissionDate: new Date().toISOString(),
          submissionKey: key,
        },
        populate: POPULATE,
      });
    } catch (error) {
      // A request with the same key that ran alongside this one stored first (the unique index,
      // src/seed/submission-key.js): answer with its submission; the Worker removes these files.
      const stored = key ? await storedWith(strapi, key) : null;
      if (!stored) throw error;
      created = stored;
    }
    ctx.status = 201;
    return { data: created, meta: {} };
  },

  /** PUT /api/submissions/:id/status with { status, adminNotes }; :id is the documentId. */
  async updateStatus(ctx) {
    const { id } = ctx.params;
    const body = ctx.request.body ?? {};
    const input = body.data && typeof body.data === 'object' ? body.data : body;
    if (!STATUSES.includes(input.status)) {
      return ctx.badRequest(`status must be one of ${STATUSES.join(', ')}`);
    }
    const existing = await strapi.documents(UID).findOne({ documentId: id });
    if (!existing) return ctx.notFound('Submission not found');
    const updated = await strapi.documents(UID).update({
      documentId: id,
      data: { status: input.status, adminNotes: text(input.adminNotes) },
      populate: ['audioFile', 'artworkFile'],
    });
    return { data: updated, meta: {} };
  },
}));
