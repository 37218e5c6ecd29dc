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
   * POST /api/submissions as multipart/form-data: the form fields plus optional audioFile and
   * artworkFile (docs/product.md section 7). Strapi 5 no longer uploads files at entry creation, so the
   * files go through the upload service here, then the entry is created with their ids.
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

    const audio = fileOf(ctx.request.files, 'audioFile');
    const artwork = fileOf(ctx.request.files, 'artworkFile');
    if (audio && (!AUDIO_TYPES.includes(audio.mimetype) || audio.size > 50 * MB)) {
      return ctx.badRequest('Audio must be an MP3, WAV, FLAC or AIFF file of at most 50 MB');
    }
    if (artwork && (!IMAGE_TYPES.includes(artwork.mimetype) || artwork.size > 10 * MB)) {
      return ctx.badRequest('Artwork must be a JPEG, PNG or WebP image of at most 10 MB');
    }
    const upload = strapi.plugin('upload').service('upload');
    const uploaded = [];
    for (const [field, file] of [['audioFile', audio], ['artworkFile', artwork]]) {
      if (!file) continue;
      const [stored] = await upload.upload({ data: {}, files: file });
      uploaded.push(stored);
      data[field] = stored.id;
    }

    let created;
    try {
      created = await strapi.documents(UID).create({
        data: {
          ...data,
          reference: reference(),
          status: 'pending',
          adminNotes: null,
          submissionDate: new Date().toISOString(),
          submissionKey: key,
        },
        populate: POPULATE,
      });
    } catch (error) {
      // Not stored: its files go too. A request with the same key that ran alongside this one
      // stored first (the unique index, src/seed/submission-key.js): answer with its submission.
      for (const file of uploaded) await upload.remove(file).catch(() => undefined);
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
