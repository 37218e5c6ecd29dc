import { contentContext } from "@core/context";
import { parseItemPath, readEmbedOptions } from "@core/share/embed";
import { data } from "react-router";
import { badRequestProblem } from "../components/error-page";
import { absoluteUrl } from "../lib/images";
import { missing } from "../lib/missing";
import { redirectIfRenamed } from "../lib/renamed";
import { errorMeta, siteFromMatches } from "../lib/seo";
import { type EmbedCard, mixtapeCard, postCard, releaseCard, waveformImage } from "../share/embed-card";
import { EmbedErrorBoundary } from "../share/embed-error";
import { EMBED_TEXTS, EmbedPlayer } from "../share/embed-player";
import type { Route } from "./+types/embed";

/** docs/product.md section 2: /embed/blog/{slug}, /embed/mixtapes/{slug}, /embed/releases/{slug}. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const content = context.get(contentContext);
  const { catalogue } = content;
  const url = new URL(request.url);
  const options = readEmbedOptions(url.searchParams);
  // Which option is wrong and what it takes, shown inside the frame (app/share/embed-error.tsx).
  if ("error" in options) throw data(options.error, { status: 400 });
  const item = parseItemPath(url.pathname);
  let card: EmbedCard | null = null;
  let found: { slug: string; id: number | string } | null = null;
  if (item?.kind === "blog") {
    const post = await catalogue.getPost(item.slug);
    [found, card] = post ? [post, postCard(post)] : [null, null];
  } else if (item?.kind === "mixtapes") {
    const mixtape = await catalogue.getMixtape(item.slug);
    [found, card] = mixtape ? [mixtape, mixtapeCard(mixtape)] : [null, null];
  } else if (item?.kind === "releases") {
    const release = await catalogue.getRelease(item.slug);
    [found, card] = release ? [release, releaseCard(release)] : [null, null];
  }
  if (!card || !found || !item) throw missing(content, "Not found");
  redirectIfRenamed(request, item.slug, found, (slug) => `/embed/${item.kind}/${slug}`);
  // The page cache keys an embed on its options as read here (worker/cache/page-query.ts).
  return { card, options, waveform: waveformImage(card) };
}

export function meta({ data, error, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!data && badRequestProblem(error)) return [{ title: `${EMBED_TEXTS.badCode} · ${site.siteName}` }];
  if (!data) return errorMeta(error, site);
  const { card } = data;
  return [
    { title: `${card.title} · ${card.artist} · ${site.siteName}` },
    // The embed is a view of the page: search engines index the page itself.
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "canonical", href: absoluteUrl(site.siteUrl, card.path) },
  ];
}

export default function Embed({ loaderData, matches }: Route.ComponentProps) {
  const site = siteFromMatches(matches);
  return (
    <main id="main">
      <EmbedPlayer
        card={loaderData.card}
        options={loaderData.options}
        waveform={loaderData.waveform}
        siteName={site.siteName}
      />
    </main>
  );
}

export const ErrorBoundary = EmbedErrorBoundary;
