import type { ListedPost } from "../../worker/content/types";
import { formatLongDate } from "../lib/format";
import { TEXTS } from "../lib/texts";
import { AppLink } from "./app-link";
import { Cover } from "./cover";

/** A post (or an aggregated post, which links out to its original) in a grid. */
export function PostCard({ post, eager = false }: { post: ListedPost; eager?: boolean }) {
  const artist = post.artist ?? TEXTS.unknownArtist;
  const image = post.kind === "post" ? post.coverImage : post.featuredImage;
  const title =
    post.kind === "post" ? (
      <AppLink to={`/blog/${post.slug}`} className="card__link">
        {post.title}
      </AppLink>
    ) : (
      <a href={post.originalUrl} className="card__link" rel="noopener" target="_blank">
        {post.title}
        <span className="visually-hidden"> (opens the original article)</span>
      </a>
    );
  return (
    <article className="card">
      <Cover src={image} alt="" size={400} eager={eager} className="card__cover" />
      <div className="card__body">
        <p className="card__meta">
          {post.kind === "post" ? (
            <span className="badge">{post.category}</span>
          ) : (
            <span className="badge badge--muted">From the wire</span>
          )}
          <time dateTime={post.date}>{formatLongDate(post.date)}</time>
        </p>
        <h3 className="card__title">{title}</h3>
        <p className="card__artist">{artist}</p>
        <p className="card__excerpt">{post.excerpt}</p>
      </div>
    </article>
  );
}
