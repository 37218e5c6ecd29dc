import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
// With its extension: Vite's native config loader, its planned default, takes no other form.
import { shareCards } from "./scripts/media/share-cards.ts";
import { reactByteLengthInJs } from "./scripts/react-byte-length.ts";

/**
 * Modules that load on use live in `on-use/` folders (app/player/on-use/, app/search/on-use/):
 * they keep chunks of their own (docs/decisions/019, docs/decisions/024-cross-cutting.md).
 */
const ON_USE = /[\\/]app[\\/].+[\\/]on-use[\\/]/;
/** React, React DOM and React Router: the framework runtime every page (embeds too) loads. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
/** The shared code every page needs: components, helpers, the player's and search's always-on parts. */
const SHARED = /[\\/]app[\\/](components|lib|player|search|styles)[\\/]/;
/**
 * What only a mix's page and the player bar use (its chapters, docs/decisions/062): a chunk of
 * their own, not the one every page and embed loads.
 */
const MIX_ONLY = /[\\/]app[\\/]player[\\/]chapters\./;
/**
 * What one route alone uses, though it sits among the shared parts: the search page's result
 * lists and their highlighting, the artist page's Play all queue, a post's body (and its embed cards, a chunk loaded
 * only for a body with one), the long texts' lazy renderer. They go with their routes, not in
 * every page's chunk.
 */
const ONE_ROUTE =
  /[\\/]app[\\/](search[\\/](result-list|highlighted)|player[\\/]artist-queue|components[\\/](document-body|body-embed|long-text))\./;
/**
 * What the paged lists share (/blog and its genre and location pages, /mixtapes, /releases,
 * /artists, an artist's page): the page links and their helpers, a chunk of their own that the
 * detail pages do not load.
 */
const LISTS = /[\\/]app[\\/](components[\\/]pagination|routes[\\/]list-paging)\./;
/** The frame of the text pages (about, terms, the forms): those pages', not every page's. */
const PROSE = /[\\/]app[\\/]components[\\/]prose-page\./;
/** The document renderer and the model it draws (docs/decisions/149-every-long-text-a-document.md). */
const DOCUMENT = /[\\/](app[\\/]components[\\/]document-body|core[\\/]content[\\/]document)\./;
/** What the detail pages share for sharing (app/share/ but the embed card, core/share/). */
const SHARE =
  /[\\/](app[\\/]share[\\/](share-button|share-meta|use-shared-moment|texts)|core[\\/]share[\\/])/;
/**
 * Covers with their photos' variants (docs/decisions/139), and the cards that draw them: the
 * pages load them, the detail pages without the cards, the embeds neither.
 */
const COVERS = /[\\/](app[\\/]components[\\/]cover|core[\\/]media[\\/]images)\./;
const CARDS = /[\\/]app[\\/]components[\\/](post-card|event-card)\./;
/**
 * The site's frame (routes/site-layout.tsx: header, footer with the newsletter form, search
 * launcher, player host): every page but the embeds, which must stay light (docs/decisions/031).
 */
const SITE_FRAME =
  /[\\/]app[\\/](routes[\\/]site-layout|components[\\/](site-header|site-footer|newsletter-form|loading-indicator|back-to-top|nav-links)|search[\\/](search-launcher|search-box|suggestions)|player[\\/]player-host|forms[\\/]newsletter-)/;

export default defineConfig({
  // The path aliases of tsconfig.base.json (@core/, @app/, @worker/…).
  resolve: { tsconfigPaths: true },
  // The Cloudflare plugin runs the SSR environment in workerd; it must come before reactRouter().
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
    reactByteLengthInJs(),
    shareCards(),
  ],
  environments: {
    client: {
      build: {
        // PROFILE_BUILD=1: readable names in a browser's CPU profile too (bench/client-profile.mjs).
        minify: process.env.PROFILE_BUILD !== "1",
        rolldownOptions: {
          output: {
            // Our shared components, helpers and atoms in one chunk instead of a dozen files of
            // a few hundred bytes each: fewer requests before hydration (docs/decisions/019).
            // The core/ modules they use (texts, router context keys, newsletter rules, search
            // parameters) come along as their dependencies; core/ modules only one route uses
            // (the submission rules and file types) stay in that route's chunk.
            codeSplitting: {
              groups: [
                { name: "framework", test: (id: string) => FRAMEWORK.test(id) },
                {
                  name: "app",
                  test: (id: string) =>
                    SHARED.test(id) &&
                    !ON_USE.test(id) &&
                    !SITE_FRAME.test(id) &&
                    !MIX_ONLY.test(id) &&
                    !ONE_ROUTE.test(id) &&
                    !LISTS.test(id) &&
                    !COVERS.test(id) &&
                    !CARDS.test(id) &&
                    !PROSE.test(id),
                  includeDependenciesRecursively: true,
                },
                {
                  name: "site",
                  test: (id: string) => SITE_FRAME.test(id),
                  includeDependenciesRecursively: true,
                },
                { name: "lists", test: (id: string) => LISTS.test(id) },
                { name: "covers", test: (id: string) => COVERS.test(id) },
                { name: "cards", test: (id: string) => CARDS.test(id) },
                // The Share button, a link's moment and the sharing tags of the detail pages: one
                // file rather than six of a few hundred bytes each.
                { name: "share", test: (id: string) => SHARE.test(id) },
                // A long text's renderer and the model's helpers: one file, which a post's page
                // loads first and the other pages with a long text after (app/components/long-text.tsx).
                { name: "document", test: (id: string) => DOCUMENT.test(id) },
                { name: "prose", test: (id: string) => PROSE.test(id) },
              ],
            },
          },
        },
      },
    },
    // Minifying the Worker halves its bundle (docs/decisions/001). PROFILE_BUILD=1 keeps it
    // readable for CPU profiles (bench/profile.mjs), never for a deploy.
    ssr: {
      build: {
        minify: process.env.PROFILE_BUILD !== "1",
        // The /newsletter route imports the picks that the footer's form loads on use
        // (docs/decisions/090-newsletter-picks.md): a split that matters to the browser's chunks
        // only. The Worker's bundle loads them either way, so its build need not warn about it.
        rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
      },
    },
  },
});
