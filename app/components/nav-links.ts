/** The header's navigation links, in docs/product.md section 2's order. */
export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/blog", label: "Blog" },
  { to: "/mixtapes", label: "Mixtapes" },
  { to: "/releases", label: "Releases" },
  { to: "/submit", label: "Submit Music" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

export const EXPLORE_LINKS = [
  { to: "/events", label: "Events" },
  { to: "/genres", label: "Genres" },
  { to: "/locations", label: "Locations" },
  { to: "/artists", label: "Artists" },
  { to: "/blog?category=interviews", label: "Interviews" },
  { to: "/blog?category=premieres", label: "Premieres" },
  { to: "/search", label: "Search" },
] as const;

export const LEGAL_LINKS = [
  { to: "/privacy", label: "Privacy" },
  { to: "/terms", label: "Terms" },
] as const;
