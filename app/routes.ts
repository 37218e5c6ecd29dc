import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// In the order of docs/product.md section 2's route table.
export default [
  // The site frame (header, footer, player, search) around every page but the embeds.
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("blog", "routes/blog.tsx", { id: "blog" }),
    route("blog/:id", "routes/blog-post.tsx"),
    route("blog/category/:category", "routes/blog.tsx", { id: "blog-category" }),
    route("blog/tag/:tag", "routes/blog.tsx", { id: "blog-tag" }),
    route("blog/genre/:slug", "routes/blog.tsx", { id: "blog-genre" }),
    route("blog/location/:slug", "routes/blog.tsx", { id: "blog-location" }),
    route("mixtapes", "routes/mixtapes.tsx"),
    route("mixtapes/:id", "routes/mixtape.tsx"),
    route("releases", "routes/releases.tsx"),
    route("releases/:id", "routes/release.tsx"),
    route("events", "routes/events.tsx"),
    route("events/:id", "routes/event.tsx"),
    route("artists", "routes/artists.tsx"),
    route("artists/:slug", "routes/artist.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("submit", "routes/submit.tsx"),
    route("submit/form", "routes/submit-form.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("genres", "routes/genres.tsx", { id: "genres" }),
    route("locations", "routes/genres.tsx", { id: "locations" }),
    route("search", "routes/search.tsx"),
    // Where the footer's newsletter form posts without JavaScript (docs/decisions/007).
    route("newsletter", "routes/newsletter.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // Compact players other sites frame (docs/decisions/031): no header, footer or site player.
  route("embed/blog/:id", "routes/embed.tsx", { id: "embed-blog" }),
  route("embed/mixtapes/:id", "routes/embed.tsx", { id: "embed-mixtapes" }),
  route("embed/releases/:id", "routes/embed.tsx", { id: "embed-releases" }),
] satisfies RouteConfig;
