import type { Taxon } from "@core/content/taxon";
import { ListLink } from "./app-link";

/** Genre or location chips, each linking to its blog page. */
export function TaxonLinks({ items, base, label }: { items: Taxon[]; base: string; label: string }) {
  if (items.length === 0) return null;
  return (
    <ul className="chips" aria-label={label}>
      {items.map((t) => (
        <li key={t.slug}>
          <ListLink to={`${base}/${t.slug}`} className="chip">
            {t.name}
          </ListLink>
        </li>
      ))}
    </ul>
  );
}
