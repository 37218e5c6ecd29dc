import { lazy, Suspense, useRef, useState } from "react";
import type { ShareItem } from "./share-item";
import { SHARE_TEXTS } from "./texts";

// The dialog loads on first use: most visits never share (docs/decisions/019 and 031).
const loadDialog = () => import("./on-use/share-dialog");
const ShareDialog = lazy(() => loadDialog().then((m) => ({ default: m.ShareDialog })));

/** Opens the share dialog of a post, mixtape or release (docs/product.md section 2, Sharing). */
export function ShareButton({ item, className }: { item: ShareItem; className?: string }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={className ?? "button button--ghost"}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
      >
        {SHARE_TEXTS.button}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ShareDialog
            item={item}
            onClose={() => {
              setOpen(false);
              trigger.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
