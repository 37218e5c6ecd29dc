/** A release's purchase link as both sources store it (docs/product.md section 3). */
export interface PurchaseLinkFields {
  /** bandcamp, beatport, juno, spotify, apple-music, traxsource or custom */
  platform: string;
  custom_platform_name?: string | null;
  url: string;
}

const PLATFORM_NAMES: Record<string, string> = {
  bandcamp: "Bandcamp",
  beatport: "Beatport",
  juno: "Juno Download",
  spotify: "Spotify",
  "apple-music": "Apple Music",
  traxsource: "Traxsource",
};

/**
 * Purchase links as the page shows them: a map by platform display name (a custom name wins,
 * then the known name, then the platform's key); a later link of the same name replaces one.
 */
export function purchaseLinks(links: readonly PurchaseLinkFields[]): Record<string, string> {
  const named: Record<string, string> = {};
  for (const link of links) {
    const name = link.custom_platform_name?.trim() || PLATFORM_NAMES[link.platform] || link.platform;
    named[name] = link.url;
  }
  return named;
}

const LINK_NAMES: Record<string, string> = {
  ...PLATFORM_NAMES,
  soundcloud: "SoundCloud",
  instagram: "Instagram",
  youtube: "YouTube",
  "resident-advisor": "Resident Advisor",
  discogs: "Discogs",
  mixcloud: "Mixcloud",
  website: "Website",
};

/** An artist's links as the page shows them: display name and URL, in the artist's order. */
export function artistLinks(links: readonly PurchaseLinkFields[]): Array<{ name: string; url: string }> {
  return links.map((link) => ({
    name: link.custom_platform_name?.trim() || LINK_NAMES[link.platform] || link.platform,
    url: link.url,
  }));
}
