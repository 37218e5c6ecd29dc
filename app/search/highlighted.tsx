/**
 * Text with search matches marked. The source wraps matches in <mark>…</mark>; everything else
 * is rendered as text, so React escapes it: a title containing '<script>' shows as those
 * characters and never runs.
 */
export function Highlighted({ text }: { text: string }) {
  const parts = text.split(/(<mark>|<\/mark>)/);
  const out: React.ReactNode[] = [];
  let marked = false;
  parts.forEach((part, i) => {
    if (part === "<mark>") marked = true;
    else if (part === "</mark>") marked = false;
    else if (part) out.push(marked ? <mark key={i}>{part}</mark> : part);
  });
  return <>{out}</>;
}
