// Strapi's signing and encryption secrets (docs/decisions/035-production-cms.md). Development
// runs on fixed defaults so that `npm run cms:start` and the tests need no setup; with
// NODE_ENV=production the CMS refuses to start while any secret is unset or one of the values
// below, which are public in this repository or in Strapi's own templates.
const crypto = require('node:crypto');

/** Every secret, its development default, and what it protects. */
const SECRETS = {
  APP_KEYS: {
    dev: 'crossfade-dev-key-1,crossfade-dev-key-2',
    about: 'comma-separated keys that sign session cookies',
  },
  ADMIN_JWT_SECRET: { dev: 'crossfade-dev-admin-jwt-secret', about: 'signs admin panel logins' },
  API_TOKEN_SALT: { dev: 'crossfade-dev-api-token-salt', about: 'hashes API tokens (CMS_API_TOKEN)' },
  TRANSFER_TOKEN_SALT: { dev: 'crossfade-dev-transfer-token-salt', about: 'hashes data transfer tokens' },
  ENCRYPTION_KEY: { dev: 'crossfade-dev-encryption-key', about: 'encrypts stored API token values' },
  JWT_SECRET: { dev: 'crossfade-dev-jwt-secret', about: 'signs users-permissions logins' },
};

// Our development defaults and the placeholders of Strapi's generated .env.example.
const KNOWN_DEFAULTS = new Set([
  ...Object.values(SECRETS).flatMap((s) => s.dev.split(',')),
  'tobemodified',
  'tobemodified1',
  'tobemodified2',
  'changeme',
  'change-me',
]);

function isDefault(name, value) {
  const parts = name === 'APP_KEYS' ? value.split(',') : [value];
  return parts.some((part) => {
    const p = part.trim();
    return p === '' || KNOWN_DEFAULTS.has(p.toLowerCase());
  });
}

/** The names of the secrets that are unset or a known default, with why, in SECRETS' order. */
function secretProblems(env = process.env) {
  const problems = [];
  for (const name of Object.keys(SECRETS)) {
    const value = (env[name] ?? '').trim();
    if (value === '') problems.push(`${name} (unset)`);
    else if (isDefault(name, value)) problems.push(`${name} (a known default)`);
  }
  return problems;
}

/**
 * Throws one line naming every unset or default secret when NODE_ENV is production; otherwise
 * does nothing. The config files call it before reading a secret.
 */
function assertProductionSecrets(env = process.env) {
  if (env.NODE_ENV !== 'production') return;
  const problems = secretProblems(env);
  if (!problems.length) return;
  throw new Error(
    `Refusing to start in production: set ${problems.join(', ')} in the environment or cms/.env ` +
      '(`npm run cms:secrets` prints a fresh set; see cms/.env.example).',
  );
}

/**
 * Stops the process with the one line of assertProductionSecrets (Strapi would wrap a thrown
 * error in its config loader's message and a stack trace).
 */
function refuseWithoutSecrets() {
  try {
    assertProductionSecrets(process.env);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

/** The value of one secret: the environment's, else the development default. */
function secret(env, name) {
  refuseWithoutSecrets();
  return env(name, SECRETS[name].dev);
}

/** APP_KEYS as a list. */
function appKeys(env) {
  refuseWithoutSecrets();
  return env.array('APP_KEYS', SECRETS.APP_KEYS.dev.split(','));
}

/** A fresh set of secrets in .env format (crypto random; four app keys, as Strapi generates). */
function freshSecrets() {
  const random = () => crypto.randomBytes(32).toString('base64');
  const values = {
    APP_KEYS: Array.from({ length: 4 }, random).join(','),
    ADMIN_JWT_SECRET: random(),
    API_TOKEN_SALT: random(),
    TRANSFER_TOKEN_SALT: random(),
    ENCRYPTION_KEY: random(),
    JWT_SECRET: random(),
  };
  return Object.entries(values)
    .map(([name, value]) => `# ${SECRETS[name].about}\n${name}=${value}`)
    .join('\n');
}

module.exports = { SECRETS, secretProblems, assertProductionSecrets, secret, appKeys, freshSecrets };
