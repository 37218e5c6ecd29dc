import { useSetAtom } from "jotai";
import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { toggleSearchAtom } from "../search/atoms";
import { ListLink, NavListLink } from "./app-link";
import { Icon } from "./icons";
import { Logo } from "./logo";
import { NAV_LINKS } from "./nav-links";

/** docs/product.md section 6: the login button has no behaviour beyond a console line. */
function login() {
  console.log("Login is not available yet.");
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const openSearch = useSetAtom(toggleSearchAtom);
  const menuId = useId();
  const { pathname } = useLocation();

  // A navigation by any means (back button included) closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <ListLink to="/" className="site-header__logo" aria-label="Crossfade home">
          <Logo />
        </ListLink>
        <nav aria-label="Main" className="site-nav">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavListLink to={link.to}>{link.label}</NavListLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <ListLink
            to="/search"
            className="icon-button"
            aria-label="Search (Ctrl+K)"
            aria-haspopup="dialog"
            onClick={(event) => {
              // With JavaScript the modal opens; without it the link leads to the search page.
              event.preventDefault();
              openSearch(true);
            }}
          >
            <Icon name="search" />
          </ListLink>
          <button type="button" className="button button--ghost site-header__login" onClick={login}>
            Login
          </button>
          <button
            type="button"
            className="icon-button site-header__menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name={menuOpen ? "close" : "menu"} />
          </button>
        </div>
      </div>
      <nav id={menuId} aria-label="Mobile" className="mobile-menu" hidden={!menuOpen}>
        <ul>
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavListLink to={link.to} onClick={() => setMenuOpen(false)}>
                {link.label}
              </NavListLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="mobile-menu__login"
              onClick={() => {
                login();
                setMenuOpen(false);
              }}
            >
              Login
            </button>
          </li>
        </ul>
      </nav>
    </header>
  );
}
