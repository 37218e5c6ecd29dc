const { factories } = require('@strapi/strapi');

// Strapi 5 makes no core controller, service or router for a content type on its own
// (@strapi/core's loaders/apis.js loads only the files an API folder has): each type used to
// carry three files that only called the factories. This gives every content type under
// src/api the ones its folder does not have, so a new type is its schema.json (and, when the
// public may read it, a line in ./seed/permissions.js's CONTENT). A folder's own file of the same
// name (a controller with extra actions) is kept as it is.

/**
 * Registers the core controller, service and router of every content type of every API that has
 * none of its own; call it from the app's register(), after Strapi has loaded src/api and before
 * it mounts the routes (bootstrap). The core router comes after the API's own route files, so
 * their fixed paths (/blog-posts/tags) are matched before `/:id`.
 */
function coreApis(strapi) {
  const controllers = strapi.get('controllers');
  const services = strapi.get('services');
  for (const [apiName, api] of Object.entries(strapi.get('apis').getAll())) {
    const namespace = `api::${apiName}`;
    for (const name of Object.keys(api.contentTypes)) {
      const uid = `${namespace}.${name}`;
      if (!controllers.keys().includes(uid)) {
        controllers.add(namespace, { [name]: factories.createCoreController(uid) });
      }
      if (!services.keys().includes(uid)) {
        services.add(namespace, { [name]: factories.createCoreService(uid) });
      }
      // An API without a routes folder has `[]` for its routes; the routers are keyed by name.
      const routes = Array.isArray(api.routes) ? {} : api.routes;
      if (!Object.hasOwn(routes, name)) {
        api.routes = { ...routes, [name]: factories.createCoreRouter(uid) };
      }
    }
  }
}

module.exports = { coreApis };
