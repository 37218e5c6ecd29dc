import { NO_PICK_OPTIONS, type PickOption, type PickOptions } from "@core/content/pick-options";

/**
 * The newsletter's picks (docs/decisions/090-newsletter-picks.md), in a chunk of their own: the
 * footer's form loads it when its second step opens, so pages do not carry it before then; the
 * /newsletter page, which renders the step without JavaScript, imports it directly.
 */
export const PICK_TEXTS = {
  prompt: "Hear about (optional)",
  artists: "Artists",
  genres: "Genres",
} as const;

/**
 * What the second step offers to pick, for the page at `path` (an artist's page ticks its
 * artist). A failure offers nothing: the sign-up works without picks.
 */
export async function fetchPickOptions(path: string, fetcher: typeof fetch = fetch): Promise<PickOptions> {
  try {
    const response = await fetcher(`/api/newsletter/picks?path=${encodeURIComponent(path)}`, {
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return NO_PICK_OPTIONS;
    const body = (await response.json()) as Partial<PickOptions>;
    return {
      genres: Array.isArray(body.genres) ? body.genres : [],
      artists: Array.isArray(body.artists) ? body.artists : [],
      checked: Array.isArray(body.checked) ? body.checked : [],
    };
  } catch {
    return NO_PICK_OPTIONS;
  }
}

/**
 * The artists and genres to hear about (docs/decisions/090-newsletter-picks.md): plain
 * checkboxes, so the no-JavaScript form posts them too. Nothing to offer, nothing shown.
 */
export default function NewsletterPicks({ id, options }: { id: string; options: PickOptions }) {
  if (!options.genres.length && !options.artists.length) return null;
  const checked = new Set(options.checked);
  const group = (name: "artists" | "genres", label: string, items: PickOption[]) =>
    items.length ? (
      <fieldset className="newsletter-form__picks">
        <legend>{label}</legend>
        {items.map((item) => (
          <label key={item.slug} htmlFor={`${id}-${name}-${item.slug}`} className="newsletter-form__pick">
            <input
              id={`${id}-${name}-${item.slug}`}
              type="checkbox"
              name={name}
              value={item.slug}
              defaultChecked={checked.has(item.slug) && name === "artists"}
            />
            {item.name}
          </label>
        ))}
      </fieldset>
    ) : null;
  return (
    <div className="newsletter-form__hear">
      <p className="newsletter-form__hear-prompt">{PICK_TEXTS.prompt}</p>
      {group("artists", PICK_TEXTS.artists, options.artists)}
      {group("genres", PICK_TEXTS.genres, options.genres)}
    </div>
  );
}
