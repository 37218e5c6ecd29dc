import {
  type AnchorHTMLAttributes,
  createContext,
  forwardRef,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import { Link, type LinkProps, PrefetchPageLinks, useLocation, useNavigate } from "react-router";

function touchesSearch(to: LinkProps["to"], current: string): boolean {
  const path = typeof to === "string" ? to : (to.pathname ?? "");
  return path.startsWith("/search") || current.startsWith("/search");
}

/**
 * A link that prefetches on intent and animates with a View Transition, except to or from
 * /search, which docs/product.md section 2 keeps still.
 */
export const AppLink = forwardRef<HTMLAnchorElement, LinkProps>(function AppLink(props, ref) {
  const { pathname } = useLocation();
  return <Link ref={ref} prefetch="intent" viewTransition={!touchesSearch(props.to, pathname)} {...props} />;
});

// The anchors ListLink rendered: LinkHost navigates for these only (an AppLink handles itself).
const listLinks = new WeakSet<Element>();
const markListLink = (anchor: HTMLAnchorElement | null) => {
  if (anchor) listLinks.add(anchor);
};
const InLinkHost = createContext(false);

type ListLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path of this site ("/blog?page=2"). */
  to: string;
  children: ReactNode;
};

/**
 * A link of the site's frame or of a listing (cards, chips, results, the footer, pagination):
 * the same anchor an AppLink renders, without React Router's per-link work (path resolution,
 * click and prefetch handlers: about a tenth of a listing's server render, docs/decisions/039).
 * The LinkHost around the site does that work once for all of them: a click navigates
 * client-side (the player keeps playing), hovering or focusing prefetches, with the same View
 * Transition rule. Outside a LinkHost it is an AppLink. The header's links that show the current
 * page are NavListLinks.
 */
export function ListLink({ to, children, ...rest }: ListLinkProps) {
  if (!useContext(InLinkHost)) {
    return (
      <AppLink to={to} {...rest}>
        {children}
      </AppLink>
    );
  }
  return (
    // Attributes in <Link>'s order: the same HTML.
    <a {...rest} href={to} ref={markListLink} data-discover="true">
      {children}
    </a>
  );
}

/**
 * A link of the site's navigation as a ListLink, marked as the current page the way React
 * Router's `<NavLink end>` marks it (docs/decisions/004): `aria-current="page"` and the class `active`
 * when its path is the current path, compared without case. The same anchor, without NavLink's
 * and Link's per-link work (docs/decisions/042). A navigation a click starts goes through the
 * LinkHost, so NavLink's client-only `pending` class (which no style uses) is not set.
 */
export function NavListLink({ to, children, ...rest }: ListLinkProps) {
  const { pathname } = useLocation();
  const active = pathname.toLowerCase() === to.toLowerCase();
  return (
    <ListLink {...rest} aria-current={active ? "page" : undefined} className={active ? "active" : ""} to={to}>
      {children}
    </ListLink>
  );
}

function listLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  const anchor = target instanceof Element ? target.closest("a") : null;
  return anchor && listLinks.has(anchor) ? anchor : null;
}

/** How long a pointer or focus rests on a link before its page is prefetched (as React Router's "intent"). */
const INTENT_MS = 100;

/**
 * Does for every ListLink under it what React Router's <Link> does for one, with listeners on
 * the document (after React's own, so an AppLink that handled a click has prevented it):
 * client-side navigation on a plain left click (not with a modifier key, not for another
 * target) and a prefetch of the linked page on intent. Renders no element of its own.
 */
export function LinkHost({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  const [intent, setIntent] = useState<string | null>(null);
  const [prefetch, setPrefetch] = useState<string | null>(null);

  useEffect(() => {
    if (!intent) return;
    const id = setTimeout(() => setPrefetch(intent), INTENT_MS);
    return () => clearTimeout(id);
  }, [intent]);

  useEffect(() => {
    function enter(event: Event) {
      const anchor = listLinkOf(event.target);
      if (anchor) setIntent(anchor.getAttribute("href"));
    }
    function leave(event: Event) {
      const anchor = listLinkOf(event.target);
      const next = (event as MouseEvent | FocusEvent).relatedTarget;
      if (!anchor || (next instanceof Node && anchor.contains(next))) return;
      setIntent(null);
      setPrefetch(null);
    }
    function click(event: MouseEvent) {
      const anchor = listLinkOf(event.target);
      if (!anchor || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const to = anchor.getAttribute("href");
      if (!to?.startsWith("/")) return;
      event.preventDefault();
      const { pathname, search, hash } = here.current;
      navigate(to, {
        replace: to === `${pathname}${search}${hash}`,
        viewTransition: !touchesSearch(to, pathname),
      });
    }
    const listeners = [
      ["click", click],
      ["pointerover", enter],
      ["focusin", enter],
      ["pointerout", leave],
      ["focusout", leave],
    ] as const;
    for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener);
    return () => {
      for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener);
    };
  }, [navigate]);

  return (
    <InLinkHost.Provider value={true}>
      {children}
      {prefetch ? <PrefetchPageLinks page={prefetch} /> : null}
    </InLinkHost.Provider>
  );
}
