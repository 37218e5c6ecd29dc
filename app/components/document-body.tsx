import { type Block, type Document, type Inline, isSitePath, safeHref } from "@core/content/document";
import { type ComponentType, createContext, lazy, type ReactNode, Suspense, useContext } from "react";
import { ListLink } from "./app-link";
import type { BodyEmbedProps, EmbedOwner } from "./body-embed";
import { Cover } from "./cover";

/**
 * The embed card's component. The browser loads its module only for a text with an embed and
 * hydrates the card once it is there (the page shows the server's card meanwhile), so a text
 * without one ships none of it; the server provides the module it imports (app/entry.server.tsx),
 * so the page's HTML always holds the card.
 */
export const EmbedCard = createContext<ComponentType<BodyEmbedProps>>(lazy(() => import("./body-embed")));

/**
 * A long text (core/content/document.ts) drawn as elements, never as stored HTML
 * (docs/decisions/144-one-document-model.md). A site path navigates client-side; an outside
 * link opens with `rel="noopener"`; a link the model refuses is drawn as its text. An embedded
 * track is a card whose Play button plays it in the site's player (nothing of the platform
 * loads before Play); a platform the player has no engine for is a link card.
 */
export interface DocumentBodyProps {
  doc: Document;
  /** Whose text it is: an embedded track is credited to and linked with it. */
  owner?: EmbedOwner;
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

function BlockNode({
  block,
  index,
  owner,
}: { block: Block; index: number } & Omit<DocumentBodyProps, "doc">) {
  const Embed = useContext(EmbedCard);
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
    case "embed":
      if (!safeHref(block.url)) return <p>{block.url}</p>;
      return (
        <Suspense>
          <Embed url={block.url} title={block.title} index={index} owner={owner} />
        </Suspense>
      );
    case "rule":
      return <hr />;
  }
  return null;
}

export function DocumentBody({ doc, owner }: DocumentBodyProps) {
  return doc.map((block, i) => <BlockNode key={i} block={block} index={i} owner={owner} />);
}
