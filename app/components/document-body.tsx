import {
  type Block,
  type Document,
  embedPlatform,
  type Inline,
  isSitePath,
  safeHref,
} from "@core/content/document";
import type { ReactNode } from "react";
import { PlayButton } from "../player/play-button";
import { QueueButtons } from "../player/queue-buttons";
import type { PlayableTrack } from "../player/tracks";
import { ListLink } from "./app-link";
import { Cover } from "./cover";

/**
 * A long text (core/content/document.ts) drawn as elements, never as stored HTML
 * (docs/decisions/144-one-document-model.md). A site path navigates client-side; an outside
 * link opens with `rel="noopener"`; a link the model refuses is drawn as its text. An embedded
 * track is a card whose Play button plays it in the site's player (nothing of the platform
 * loads before Play); a platform the player has no engine for is a link card.
 */
interface DocumentBodyProps {
  doc: Document;
  /** The player's track for an embed (the `index`-th block), or null for a link card. */
  embedTrack?: (embed: { url: string; title: string }, index: number) => PlayableTrack | null;
}

function InlineNodes({ nodes }: { nodes: Inline[] }): ReactNode {
  return nodes.map((node, i) => {
    switch (node.type) {
      case "text":
        return node.text;
      case "code":
        return <code key={i}>{node.text}</code>;
      case "br":
        return <br key={i} />;
      case "em":
        return (
          <em key={i}>
            <InlineNodes nodes={node.children} />
          </em>
        );
      case "strong":
        return (
          <strong key={i}>
            <InlineNodes nodes={node.children} />
          </strong>
        );
      case "link": {
        const children = <InlineNodes nodes={node.children} />;
        if (!safeHref(node.href)) return <span key={i}>{children}</span>;
        if (isSitePath(node.href))
          return (
            <ListLink key={i} to={node.href}>
              {children}
            </ListLink>
          );
        return (
          <a key={i} href={node.href} rel="noopener">
            {children}
          </a>
        );
      }
    }
    return null;
  });
}

function Embed({ url, title, track }: { url: string; title: string; track: PlayableTrack | null }) {
  const platform = embedPlatform(url) ?? "Link";
  if (!track)
    return (
      <section className="embed-card" aria-label={title}>
        <p className="embed-card__title">{title}</p>
        {safeHref(url) ? (
          <a className="embed-card__link" href={url} rel="noopener">
            {`Listen on ${platform}`}
          </a>
        ) : null}
      </section>
    );
  return (
    <section className="embed-card" aria-label={title}>
      <PlayButton track={track} label="Play" />
      <div className="embed-card__text">
        <p className="embed-card__title">{title}</p>
        <p className="embed-card__platform">{platform}</p>
      </div>
      <QueueButtons track={track} className="embed-card__queue" />
    </section>
  );
}

function BlockNode({
  block,
  index,
  embedTrack,
}: { block: Block; index: number } & Omit<DocumentBodyProps, "doc">) {
  switch (block.type) {
    case "paragraph":
      return (
        <p>
          <InlineNodes nodes={block.children} />
        </p>
      );
    case "heading": {
      const Tag = `h${block.level}` as "h2" | "h3" | "h4";
      return (
        <Tag>
          <InlineNodes nodes={block.children} />
        </Tag>
      );
    }
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List>
          {block.items.map((item, i) => {
            const Inner = item.list?.ordered ? "ol" : "ul";
            return (
              <li key={i}>
                <InlineNodes nodes={item.children} />
                {item.list ? (
                  <Inner>
                    {item.list.items.map((inner, j) => (
                      <li key={j}>
                        <InlineNodes nodes={inner.children} />
                      </li>
                    ))}
                  </Inner>
                ) : null}
              </li>
            );
          })}
        </List>
      );
    }
    case "quote":
      return (
        <blockquote>
          {block.children.map((p, i) => (
            <p key={i}>
              <InlineNodes nodes={p.children} />
            </p>
          ))}
        </blockquote>
      );
    case "code":
      return (
        <pre>
          <code>{block.text}</code>
        </pre>
      );
    case "image":
      return (
        <figure className="body-figure">
          <Cover
            src={block.src}
            alt={block.alt}
            place="body"
            natural
            size={680}
            className="body-figure__image"
          />
          {block.caption ? <figcaption>{block.caption}</figcaption> : null}
        </figure>
      );
    case "embed": {
      const title = block.title ?? embedPlatform(block.url) ?? block.url;
      return (
        <Embed url={block.url} title={title} track={embedTrack?.({ url: block.url, title }, index) ?? null} />
      );
    }
    case "rule":
      return <hr />;
  }
  return null;
}

export function DocumentBody({ doc, embedTrack }: DocumentBodyProps) {
  return doc.map((block, i) => <BlockNode key={i} block={block} index={i} embedTrack={embedTrack} />);
}
