import {
  type ComponentProps,
  createContext,
  type FocusEvent,
  forwardRef,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useContext,
  useEffect,
  useState,
} from "react";
import {
  Link,
  type LinkProps,
  NavLink,
  type NavLinkProps,
  PrefetchPageLinks,
  useLocation,
  useNavigate,
} from "react-router";

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

/** A navigation link marked aria-current="page" only when its path equals the current path. */
export function AppNavLink(props: NavLinkProps) {
  const { pathname } = useLocation();
  return <NavLink prefetch="intent" end viewTransition={!touchesSearch(props.to, pathname)} {...props} />;
}

// The anchors ListLink rendered: LinkHost navigates for these only (an AppLink handles itself).
const listLinks = new WeakSet<Element>();
const markListLink = (anchor: HTMLAnchorElement | null) => {
  if (anchor) listLinks.add(anchor);
};
const InLinkHost = createContext(false);

/**
 * A link of a long listing (cards, chips, results): the same anchor an AppLink renders, without
 * React Router's per-link work (path resolution, click and prefetch handlers, about a tenth of a
 * listing's server render, docs/decisions/039). The LinkHost around the page does that work once
 * for all of them: a click navigates client-side (the player keeps playing), hovering or
 * focusing prefetches, with the same View Transition rule. Outside a LinkHost it is an AppLink.
 * `to` is a path of this site.
 */
export function ListLink({
  to,
  className,
  children,
}: {
  to: `/${string}`;
  className?: string;
  children: ReactNode;
}) {
  if (!useContext(InLinkHost)) {
    return (
      <AppLink to={to} className={className}>
        {children}
      </AppLink>
    );
  }
  return (
    // Attributes in <Link>'s order: the same HTML.
    <a className={className} href={to} ref={markListLink} data-discover="true">
      {children}
    </a>
  );
}

function listLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  const anchor = target instanceof Element ? target.closest("a") : null;
  return anchor && listLinks.has(anchor) ? anchor : null;
}

/** How long a pointer or focus rests on a link before its page is prefetched (as React Router's "intent"). */
const INTENT_MS = 100;

/**
 * The page's <main>, doing for every ListLink inside it what React Router's <Link> does for one:
 * client-side navigation on a plain left click (not with a modifier key, not for another
 * target) and a prefetch of the linked page on intent.
 */
export function LinkHost({ children, onClick, ...props }: ComponentProps<"main">) {
  const navigate = useNavigate();
  const location = useLocation();
  const [intent, setIntent] = useState<string | null>(null);
  const [prefetch, setPrefetch] = useState<string | null>(null);

  useEffect(() => {
    if (!intent) return;
    const id = setTimeout(() => setPrefetch(intent), INTENT_MS);
    return () => clearTimeout(id);
  }, [intent]);

  function enter(event: PointerEvent | FocusEvent) {
    const anchor = listLinkOf(event.target);
    if (anchor) setIntent(anchor.getAttribute("href"));
  }
  function leave(event: PointerEvent | FocusEvent) {
    const anchor = listLinkOf(event.target);
    if (!anchor || anchor.contains(event.relatedTarget as Node | null)) return;
    setIntent(null);
    setPrefetch(null);
  }
  function click(event: MouseEvent<HTMLElement>) {
    onClick?.(event);
    const anchor = listLinkOf(event.target);
    if (!anchor || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
    const to = anchor.getAttribute("href");
    if (!to?.startsWith("/")) return;
    event.preventDefault();
    const here = `${location.pathname}${location.search}${location.hash}`;
    navigate(to, { replace: to === here, viewTransition: !touchesSearch(to, location.pathname) });
  }

  return (
    <InLinkHost.Provider value={true}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are the links' own (Enter on a link clicks it); main only receives them as they bubble. */}
      <main
        {...props}
        onClick={click}
        onPointerOver={enter}
        onPointerOut={leave}
        onFocus={enter}
        onBlur={leave}
      >
        {children}
        {prefetch ? <PrefetchPageLinks page={prefetch} /> : null}
      </main>
    </InLinkHost.Provider>
  );
}
