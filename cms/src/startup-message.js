// Strapi's first start (no administrator yet) ends with "Create your first administrator … by
// going to the administration panel at <url>/admin", which a headless CMS answers 404. With the
// panel off (CMS_ADMIN unset or false, config/admin.js), that message says what is true instead:
// the panel is off, how to turn it on, and how to make the administrator without it
// (docs/cms.md "The admin panel").

/**
 * Replaces the first-start message of Strapi's startup logger (@strapi/core's
 * utils/startup-logger.js, whose logStartupMessage calls it) while the admin panel is off.
 */
function headlessStartupMessage(strapi) {
  if (strapi.config.get('admin.serveAdminPanel') === true) return;
  const logger = strapi.startupLogger;
  logger.logFirstStartupMessage = function logFirstStartupMessage() {
    if (!strapi.config.get('server.logger.startup.enabled')) return;
    this.logStats();
    console.log('The admin panel is off (headless: CMS_ADMIN is not true), so /admin answers 404.');
    console.log('To create the first administrator, either build the panel and turn it on:');
    console.log('  npm run cms:build, then CMS_ADMIN=true npm run cms:start, and open /admin');
    console.log('or, with Strapi stopped, from cms/:');
    console.log("  npx strapi admin:create-user --email you@example.com --password '<strong password>' --firstname You");
    console.log();
    console.log(`The API: ${strapi.config.get('server.absoluteUrl')}/api`);
    console.log();
  };
}

module.exports = { headlessStartupMessage };
