import { useEffect, useState } from "react";

/** One request per URL and page view: what the player fetches about a track does not change. */
const fetched = new Map<string, Promise<unknown>>();

function fetchOnce<T>(url: string, read: (body: unknown) => T): Promise<T> {
  let value = fetched.get(url) as Promise<T> | undefined;
  if (!value) {
    value = fetch(url)
      .then((res) => (res.status === 200 ? (res.json() as Promise<unknown>) : null))
      .then(read)
      .catch(() => {
        // A failed request is asked again the next time the track plays.
        fetched.delete(url);
        return read(null);
      });
    fetched.set(url, value);
  }
  return value;
}

/**
 * A JSON file about the track that plays (its chapters, its waveform): `none` until it has
 * loaded and when `url` is null, then what `read` makes of its body (null for any answer but 200).
 * `read` must be the same function from render to render.
 */
export function useFetched<T>(url: string | null, read: (body: unknown) => T, none: T): T {
  const [state, setState] = useState<{ url: string | null; value: T }>({ url: null, value: none });
  useEffect(() => {
    if (!url) return;
    let live = true;
    void fetchOnce(url, read).then((value) => live && setState({ url, value }));
    return () => {
      live = false;
    };
  }, [url, read]);
  return state.url === url ? state.value : none;
}
