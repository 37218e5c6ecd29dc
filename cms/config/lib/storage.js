// Where uploads go and which database Strapi uses, from the environment (cms/.env.example,
// docs/decisions/035-production-cms.md). One line names every missing variable, as
// ./secrets.js does, so a half-configured deployment stops at boot instead of at the first upload.

/** The S3-compatible bucket (Cloudflare R2 in production) when S3_BUCKET is set, else null. */
function s3Settings(env = process.env) {
  const get = (name) => (env[name] ?? '').trim();
  const bucket = get('S3_BUCKET');
  if (!bucket) return null;
  const missing = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'].filter((n) => !get(n));
  if (missing.length) {
    throw new Error(`S3_BUCKET is set without ${missing.join(', ')} (see cms/.env.example)`);
  }
  const publicUrl = get('S3_PUBLIC_URL').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(publicUrl)) throw new Error(`S3_PUBLIC_URL is not an http(s) URL: ${publicUrl}`);
  const endpoint = get('S3_ENDPOINT');
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error(`S3_ENDPOINT is not an http(s) URL: ${endpoint}`);
  return {
    bucket,
    endpoint: endpoint || undefined,
    // R2 takes any region name and documents 'auto'.
    region: get('S3_REGION') || 'auto',
    accessKeyId: get('S3_ACCESS_KEY_ID'),
    secretAccessKey: get('S3_SECRET_ACCESS_KEY'),
    publicUrl,
    rootPath: get('S3_ROOT_PATH') || undefined,
    forcePathStyle: get('S3_FORCE_PATH_STYLE') === 'true',
  };
}

/** The upload plugin's provider settings for @strapi/provider-upload-aws-s3, or {} for local disk. */
function uploadProvider(env = process.env) {
  const s3 = s3Settings(env);
  if (!s3) return {};
  return {
    provider: 'aws-s3',
    providerOptions: {
      // Media URLs are the bucket's public address (an R2 custom domain or r2.dev URL).
      baseUrl: s3.publicUrl,
      rootPath: s3.rootPath,
      s3Options: {
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        endpoint: s3.endpoint,
        region: s3.region,
        forcePathStyle: s3.forcePathStyle,
        // No ACL header: R2 has no object ACLs; the bucket's public access decides.
        params: { Bucket: s3.bucket, ACL: null },
      },
    },
    actionOptions: { upload: {}, uploadStream: {}, delete: {} },
  };
}

/** The origin media are served from when uploads go to the bucket (for the CSP), else null. */
function mediaOrigin(env = process.env) {
  const s3 = s3Settings(env);
  return s3 ? new URL(s3.publicUrl).origin : null;
}

/**
 * Knex connection settings: Postgres (the `pg` driver) when DATABASE_CLIENT=postgres, from
 * DATABASE_URL and/or the discrete DATABASE_HOST, _PORT, _NAME, _USERNAME, _PASSWORD, _SSL,
 * _SCHEMA (discrete values win over the URL's); SQLite at DATABASE_FILENAME otherwise.
 */
function databaseConnection(env = process.env, sqliteFile) {
  const client = (env.DATABASE_CLIENT || 'sqlite').trim();
  if (client === 'sqlite') {
    return { client: 'sqlite', connection: { filename: sqliteFile }, useNullAsDefault: true };
  }
  if (client !== 'postgres') {
    throw new Error(`DATABASE_CLIENT must be sqlite or postgres, not ${client}`);
  }
  const get = (name) => (env[name] ?? '').trim() || undefined;
  const connection = {};
  if (get('DATABASE_URL')) connection.connectionString = get('DATABASE_URL');
  const discrete = {
    host: get('DATABASE_HOST'),
    port: get('DATABASE_PORT') && Number(get('DATABASE_PORT')),
    database: get('DATABASE_NAME'),
    user: get('DATABASE_USERNAME'),
    password: get('DATABASE_PASSWORD'),
  };
  for (const [key, value] of Object.entries(discrete)) if (value) connection[key] = value;
  if (!connection.connectionString && !connection.host) {
    throw new Error('DATABASE_CLIENT=postgres needs DATABASE_URL or DATABASE_HOST (see cms/.env.example)');
  }
  if (get('DATABASE_SSL') === 'true') {
    // Managed Postgres with a public CA; DATABASE_SSL_REJECT_UNAUTHORIZED=false for a private one.
    connection.ssl = { rejectUnauthorized: get('DATABASE_SSL_REJECT_UNAUTHORIZED') !== 'false' };
  }
  if (get('DATABASE_SCHEMA')) connection.schema = get('DATABASE_SCHEMA');
  return {
    client: 'postgres',
    connection,
    pool: {
      min: Number(get('DATABASE_POOL_MIN') ?? 2),
      max: Number(get('DATABASE_POOL_MAX') ?? 10),
    },
  };
}

module.exports = { s3Settings, uploadProvider, mediaOrigin, databaseConnection };
