import { currentTrackAtom, progressAtom } from "@app/player/atoms";
import { formatTime } from "@app/player/on-use/format-time";
import type { PlayableTrack } from "@app/player/tracks";
import {
  EMBED_WIDTH,
  type EmbedSize,
  embedHeight,
  embedIframe,
  embedPath,
  pagePath,
} from "@core/share/embed";
import { momentUrl } from "@core/share/moment";
import { useAtomValue } from "jotai";
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { KIND_OF_CONTEXT, type ShareItem } from "../share-item";
import { SHARE_TEXTS } from "../texts";
import { useDialogFocus } from "./use-dialog-focus";

/** The moment the player is at on this item's page: seconds in and, for a release, the track number. */
function playerMoment(item: ShareItem, track: PlayableTrack | null, position: number) {
  if (!track || track.postSlug !== item.slug || KIND_OF_CONTEXT[track.context] !== item.kind) return null;
  const start = Math.floor(position);
  if (start < 1) return null;
  const number = item.kind === "releases" ? Number(track.id.match(/-(\d+)$/)?.[1]) || null : null;
  return { start, track: number };
}

type Status = { text: string; failed: boolean } | null;

type Field = HTMLInputElement | HTMLTextAreaElement | null;

/** Copies text, or selects it in its field so the visitor can copy it (the visible fallback). */
async function copy(text: string, field: Field, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    return { text: done, failed: false };
  } catch {
    field?.focus();
    field?.select();
    return { text: SHARE_TEXTS.copyFailed, failed: true };
  }
}

/**
 * The share dialog (docs/product.md section 2, Sharing): a modal <dialog> with a Link tab (copy,
 * the browser's own share sheet where it has one, "Start at" the player's time) and an Embed
 * tab with the iframe code. Escape and the Close button close it; focus stays inside.
 */
export function ShareDialog({ item, onClose }: { item: ShareItem; onClose: () => void }) {
  const root = useRouteLoaderData("root") as { siteUrl: string; siteName: string } | undefined;
  const siteUrl = root?.siteUrl ?? window.location.origin;
  const siteName = root?.siteName ?? "Crossfade";
  const track = useAtomValue(currentTrackAtom);
  const { position } = useAtomValue(progressAtom);
  // The moment is read once, when the dialog opens: the link must not change while copied.
  const [moment] = useState(() => playerMoment(item, track, position));
  const [startAt, setStartAt] = useState(false);
  const [tab, setTab] = useState<"link" | "embed">("link");
  const [size, setSize] = useState<EmbedSize>("full");
  const [status, setStatus] = useState<Status>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const linkField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const dismiss = useDialogFocus(dialog, onClose);

  const pageUrl = new URL(pagePath(item.kind, item.slug), `${siteUrl}/`).toString();
  const link = startAt && moment ? momentUrl(pageUrl, moment) : pageUrl;
  const code = embedIframe({
    src: new URL(embedPath(item.kind, item.slug, { size }), `${siteUrl}/`).toString(),
    title: `${item.title} on ${siteName}`,
    width: EMBED_WIDTH,
    height: embedHeight(item.kind, size),
  });
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  useEffect(() => setStatus(null), [link, tab, size]);

  const nativeShare = async () => {
    try {
      await navigator.share({ title: item.title, url: link });
    } catch (error) {
      // The visitor closing the share sheet is no failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === "AbortError"))
        setStatus(await copy(link, linkField.current, SHARE_TEXTS.linkCopied));
    }
  };
  const copyButton = (text: string, field: RefObject<Field>, label: string, done: string) => (
    <button
      type="button"
      className="button button--accent"
      onClick={async () => setStatus(await copy(text, field.current, done))}
    >
      {label}
    </button>
  );
  const tabKeys = (event: React.KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = tab === "link" ? "embed" : "link";
    setTab(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  };

  return (
    <dialog ref={dialog} className="share-dialog" aria-labelledby={`${id}-title`}>
      <div className="share-dialog__head">
        <h2 id={`${id}-title`}>{SHARE_TEXTS.dialogTitle(item.title)}</h2>
        <button type="button" className="icon-button icon-button--small" onClick={dismiss}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{SHARE_TEXTS.close}</span>
        </button>
      </div>
      <div role="tablist" className="share-dialog__tabs" onKeyDown={tabKeys}>
        {(["link", "embed"] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {name === "link" ? SHARE_TEXTS.linkTab : SHARE_TEXTS.embedTab}
          </button>
        ))}
      </div>
      {tab === "link" ? (
        <div role="tabpanel" id={`${id}-link-panel`} aria-labelledby={`${id}-link-tab`}>
          <label className="share-dialog__label" htmlFor={`${id}-link`}>
            {SHARE_TEXTS.linkLabel}
          </label>
          <input id={`${id}-link`} ref={linkField} className="share-dialog__field" readOnly value={link} />
          {moment ? (
            <label className="share-dialog__check">
              <input
                type="checkbox"
                checked={startAt}
                onChange={(e) => setStartAt(e.currentTarget.checked)}
              />
              {SHARE_TEXTS.startAt(formatTime(moment.start))}
            </label>
          ) : null}
          <div className="button-row">
            {copyButton(link, linkField, SHARE_TEXTS.copyLink, SHARE_TEXTS.linkCopied)}
            {canShare ? (
              <button type="button" className="button button--ghost" onClick={nativeShare}>
                {SHARE_TEXTS.nativeShare}
              </button>
            ) : null}
          </div>
        </div>
      ) : (
        <div role="tabpanel" id={`${id}-embed-panel`} aria-labelledby={`${id}-embed-tab`}>
          <fieldset className="share-dialog__sizes">
            <legend className="share-dialog__label">{SHARE_TEXTS.sizeLegend}</legend>
            {(["full", "compact"] as const).map((option) => (
              <label key={option} className="share-dialog__size">
                <input
                  type="radio"
                  name={`${id}-size`}
                  value={option}
                  checked={size === option}
                  onChange={() => setSize(option)}
                />
                {option === "full" ? SHARE_TEXTS.sizeFull : SHARE_TEXTS.sizeCompact}
              </label>
            ))}
          </fieldset>
          <label className="share-dialog__label" htmlFor={`${id}-code`}>
            {SHARE_TEXTS.codeLabel}
          </label>
          <textarea
            id={`${id}-code`}
            ref={codeField}
            className="share-dialog__field"
            readOnly
            rows={4}
            value={code}
          />
          <div className="button-row">
            {copyButton(code, codeField, SHARE_TEXTS.copyCode, SHARE_TEXTS.codeCopied)}
          </div>
        </div>
      )}
      <p
        role="status"
        className={`share-dialog__status${status?.failed ? " share-dialog__status--failed" : ""}`}
      >
        {status?.text ?? ""}
      </p>
    </dialog>
  );
}
