import { type ComponentType, createContext, lazy, Suspense, useContext } from "react";
import type { DocumentBodyProps } from "./document-body";

/**
 * The renderer of the long texts beyond a post's body: descriptions, credits and bios
 * (docs/decisions/149-every-long-text-a-document.md). The browser loads it as a module of its
 * own and hydrates the text once it is there (the page shows the server's text meanwhile, links
 * and all), so the pages that carry a description keep their first JavaScript as it was; the
 * server provides the renderer it imports (app/entry.server.tsx), so the HTML always holds the
 * whole text.
 */
export const LongTextRenderer = createContext<ComponentType<DocumentBodyProps>>(
  lazy(() => import("./document-body").then((m) => ({ default: m.DocumentBody }))),
);

/** A long text in its own block (`className`), or nothing when it is empty. */
export function LongText({ doc, className, owner }: DocumentBodyProps & { className: string }) {
  const Body = useContext(LongTextRenderer);
  if (!doc.length) return null;
  return (
    <div className={className}>
      <Suspense>
        <Body doc={doc} owner={owner} />
      </Suspense>
    </div>
  );
}
