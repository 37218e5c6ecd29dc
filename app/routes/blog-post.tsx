import { documentText, firstParagraphText } from "@core/content/document";
import { contentContext } from "@core/context";
import { TEXTS } from "@core/texts";
import { AppLink, ListLink } from "../components/app-link";
import { ArtistName } from "../components/artist-name";
import { DetailCover } from "../components/cover";
import { DocumentBody } from "../components/document-body";
import { RouteErrorBoundary } from "../components/error-page";
import { TaxonLinks } from "../components/taxon-links";
import { formatLongDate, titleFromSlug } from "../lib/format";
import { absoluteUrl, coverOrPlaceholder } from "../lib/images";
import { missing } from "../lib/missing";
import { pagePreview } from "../lib/preview";
import { redirectIfRenamed } from "../lib/renamed";
import { seo, siteFromMatches } from "../lib/seo";
import { PlayButton } from "../player/play-button";
import { QueueButtons } from "../player/queue-buttons";
import { trackFromPost } from "../player/tracks";
import { ShareButton } from "../share/share-button";
import { withPlayerCard } from "../share/share-meta";
import { useSharedMoment } from "../share/use-shared-moment";
import type { Route } from "./+types/blog-post";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const content = context.get(contentContext);
  const { catalogue } = content;
  // docs/product.md section 2: the parameter is named id but holds the slug.
  const post = await catalogue.getPost(params.id);
  if (!post) throw missing(content, "Post not found");
  redirectIfRenamed(request, params.id, post, (slug) => `/blog/${slug}`);
  return { post, preview: pagePreview(content, "post") };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: "Not found · Crossfade" }];
  const site = siteFromMatches(matches);
  const { post } = data;
  const artist = post.artist ?? TEXTS.unknownArtist;
  const url = absoluteUrl(site.siteUrl, `/blog/${post.slug}`);
  const image = absoluteUrl(site.siteUrl, coverOrPlaceholder(post.coverImage));
  // No excerpt given: the body's first paragraph (docs/decisions/144).
  const summary = post.excerpt || firstParagraphText(post.content);
  const tags = seo(site, {
    title: post.title,
    description: summary,
    path: `/blog/${post.slug}`,
    noindex: data.preview !== null,
    image: post.coverImage,
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      description: summary,
      articleBody: documentText(post.content),
      datePublished: post.date,
      image,
      url,
      mainEntityOfPage: url,
      author: { "@type": "Organization", name: site.siteName },
      publisher: { "@type": "Organization", name: site.siteName },
      keywords: [...post.genres.map((g) => g.name), ...post.tags].join(", "),
      ...(post.audio
        ? {
            about: {
              "@type": "MusicRecording",
              name: post.audio.trackTitle ?? post.title,
              byArtist: { "@type": "MusicGroup", name: artist },
              url: absoluteUrl(site.siteUrl, post.audio.url),
            },
          }
        : {}),
    },
  });
  return withPlayerCard(tags, site, {
    kind: "blog",
    slug: post.slug,
    title: post.title,
    playable: Boolean(post.audio),
  });
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const track = trackFromPost(post);
  // A post has one track: `t` cues it; `track` means nothing here.
  useSharedMoment(({ start }) => (track && start ? { track, at: start } : null));
  return (
    <article className="container post">
      <header className="post__header">
        <p className="eyebrow">
          <AppLink to={`/blog/category/${post.category}`}>{titleFromSlug(post.category)}</AppLink>
        </p>
        <h1>{post.title}</h1>
        <p className="post__artist">
          <ArtistName name={post.artist ?? TEXTS.unknownArtist} artists={post.artists} />
        </p>
        <p className="post__date">
          <time dateTime={post.date}>{formatLongDate(post.date)}</time>
        </p>
        <p>
          <ShareButton item={{ kind: "blog", slug: post.slug, title: post.title }} />
        </p>
      </header>
      <div className="post__layout">
        <div className="post__media">
          <DetailCover src={post.coverImage} alt={`Cover art for ${post.title}`} className="post__cover" />
          {track ? (
            <section className="track-box" aria-label="Track">
              <PlayButton track={track} label="Play" />
              <div>
                <p className="track-box__title">{track.title}</p>
                <p className="track-box__platform">
                  {post.audio?.platform === "local" || !post.audio
                    ? "Crossfade audio"
                    : titleFromSlug(post.audio.platform)}
                </p>
              </div>
            </section>
          ) : null}
          {track ? <QueueButtons track={track} className="post__queue" /> : null}
        </div>
        <div className="post__body">
          <p className="post__excerpt">{post.excerpt}</p>
          <DocumentBody doc={post.content} owner={post} />
          <footer className="post__footer">
            <TaxonLinks items={post.genres} base="/blog/genre" label="Genres" />
            <TaxonLinks items={post.locations} base="/blog/location" label="Locations" />
            {post.tags.length ? (
              <ul className="chips" aria-label="Tags">
                {post.tags.map((tag) => (
                  <li key={tag}>
                    <ListLink to={`/blog/tag/${tag}`} className="chip chip--tag">
                      #{tag}
                    </ListLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </footer>
        </div>
      </div>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
