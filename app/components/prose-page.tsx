import type { ReactNode } from "react";

/** The frame of the site's text pages (about, contact, privacy, terms, submit). */
export function ProsePage({
  eyebrow,
  title,
  lede,
  children,
}: {
  eyebrow: string;
  title: string;
  lede: string;
  children: ReactNode;
}) {
  return (
    <article className="container prose-page">
      <header className="page-header">
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        <p className="page-header__lede">{lede}</p>
      </header>
      <div className="prose">{children}</div>
    </article>
  );
}
