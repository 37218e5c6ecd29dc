import { createContext, useContext } from "react";

/**
 * The site's one stylesheet, inlined in every document's head (docs/decisions/019): a phone on
 * a slow network paints the first response without waiting for a render-blocking CSS request.
 * The server reads it from app.css; the browser from the document it is hydrating, so both
 * render the same text and the CSS never ships inside JavaScript.
 */
export const SiteCss = createContext("");

export const SITE_CSS_ID = "site-css";

/** The CSS already in the page, for hydration (empty outside a browser). */
export function siteCssInDocument(): string {
  return typeof document === "undefined" ? "" : (document.getElementById(SITE_CSS_ID)?.textContent ?? "");
}

export function SiteStyles() {
  const css = useContext(SiteCss);
  return <style id={SITE_CSS_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
