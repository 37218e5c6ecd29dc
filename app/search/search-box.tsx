import { TEXTS } from "@core/texts";
import { useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import { useSuggestions } from "./suggestions";

interface SearchBoxProps {
  /** At most this many suggestions: 8 in the modal, 5 elsewhere (docs/product.md section 9). */
  limit: number;
  autoFocus?: boolean;
  /** Called after the box sent the visitor somewhere (the modal closes itself). */
  onNavigate?: () => void;
  /** Escape on an empty list (the modal closes). */
  onEscape?: () => void;
  className?: string;
  /** Show 'Start typing to search...' under an empty field (the modal). */
  hints?: boolean;
}

/**
 * A search field with suggestions (the ARIA combobox pattern): arrow keys move through the
 * suggestions, Enter opens the chosen one, or goes to /search?q=… when the trimmed query is not
 * empty. Inside a GET form, so without JavaScript it still searches.
 */
export function SearchBox({ limit, autoFocus, onNavigate, onEscape, className, hints }: SearchBoxProps) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const suggestions = useSuggestions(query, limit);
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const open = !dismissed && suggestions.length > 0;
  // Keep the chosen suggestion in view when the list scrolls (small screens).
  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, listId]);

  const go = (to: string) => {
    onNavigate?.();
    navigate(to);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && suggestions.length) {
      event.preventDefault();
      setDismissed(false);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && suggestions.length) {
      event.preventDefault();
      setDismissed(false);
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setDismissed(true);
        setActive(-1);
      } else onEscape?.();
    }
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = open ? suggestions[active] : undefined;
    if (chosen) return go(chosen.href);
    const q = query.trim();
    // docs/product.md section 5: search submit needs a non-empty trimmed query.
    if (q) go(`/search?${new URLSearchParams({ q })}`);
  };

  return (
    <form action="/search" method="get" className={className} onSubmit={onSubmit}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {TEXTS.searchLabel}
      </label>
      <input
        id={`${id}-q`}
        name="q"
        // A combobox is a text field: HTML allows role=combobox and aria-expanded on type=text,
        // not on type=search (the Nu HTML Checker flags both).
        type="text"
        className="input input--large"
        placeholder={TEXTS.searchPlaceholder}
        autoComplete="off"
        maxLength={200}
        // biome-ignore lint/a11y/noAutofocus: the modal exists to be typed into; focus moves into it (docs/decisions/008).
        autoFocus={autoFocus}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(-1);
          setDismissed(false);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={TEXTS.suggestionsLabel}
        className="suggestions"
        hidden={!open}
      >
        {suggestions.map((s, i) => (
          <div
            key={`${s.kind}:${s.href}`}
            id={`${listId}-${i}`}
            role="option"
            // Focus stays in the field (aria-activedescendant); the option is reachable by arrows.
            tabIndex={-1}
            aria-selected={i === active}
            className="suggestions__item"
            onMouseDown={(e) => {
              e.preventDefault();
              go(s.href);
            }}
            onMouseEnter={() => setActive(i)}
          >
            <span className="suggestions__title">{s.title}</span>
            <span className="suggestions__meta">
              {s.kind === "post"
                ? TEXTS.suggestionPost
                : s.kind === "artist"
                  ? TEXTS.suggestionArtist
                  : TEXTS.suggestionMixtape}
              {s.artist ? ` · ${s.artist}` : ""}
            </span>
          </div>
        ))}
      </div>
      {hints ? (
        <p className="search-box__hint muted">{query.trim() ? TEXTS.searchEnterHint : TEXTS.searchEmpty}</p>
      ) : null}
    </form>
  );
}
