/**
 * Waits up to `deadlineMs` for loader data. Settled in time, the data is rendered in place (the
 * page reads without JavaScript and nothing swaps in later); late, the pending promise is handed
 * to React Router, which streams it: the page's shell leaves at once and the data follows in the
 * same response (docs/decisions/019). Wrapped in an object, so the promise is returned unresolved.
 */
export async function streamIfSlow<T>(
  data: Promise<T>,
  deadlineMs: number,
): Promise<{ value: T | Promise<T> }> {
  const late = Symbol("late");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof late>((resolve) => {
    timer = setTimeout(() => resolve(late), deadlineMs);
  });
  try {
    const first = await Promise.race([data, deadline]);
    return { value: first === late ? data : (first as T) };
  } finally {
    clearTimeout(timer);
  }
}
