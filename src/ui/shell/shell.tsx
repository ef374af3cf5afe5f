import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { selectBaseCurrency, selectUserName } from '../../machines/selectors';
import { RouteFocus } from '../a11y/page-heading';
import { useAuthActor, usePortfolioActor } from '../app-context';
import { BaseCurrencyProvider } from '../locale-context';
import { DeleteAccount } from '../your-data/delete-account';
import { LocaleSetting } from '../components/locale-setting';
import { ReturnsBanner } from './returns-banner';
import { ViewSwitch } from './view-switch';

/** The width (CSS px) up to which the open drawer covers the page as a modal ('over' mode; styles.css). */
const OVER_MODE = '(max-width: 600px)';

/** Whether the screen is narrow enough for the drawer to cover the page; follows resizes and rotations. */
function useOverMode(): boolean {
  const [over, setOver] = useState(() => window.matchMedia(OVER_MODE).matches);
  useEffect(() => {
    const query = window.matchMedia(OVER_MODE);
    const follow = () => setOver(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return over;
}

/**
 * The signed-in frame: toolbar with the menu button, side drawer, and the page. On a narrow screen the
 * open drawer is a modal: everything behind it is `inert` (no Tab, no click, hidden from screen readers),
 * Escape from anywhere closes it, and the focus goes back to the menu button.
 */
export function Shell() {
  const auth = useAuthActor();
  const userName = useSelector(auth, selectUserName);
  const base = useSelector(usePortfolioActor(), selectBaseCurrency);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigate = useNavigate();
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const over = useOverMode();
  const modal = drawerOpen && over;

  const close = useCallback((refocus: boolean) => {
    setDrawerOpen(false);
    if (refocus) menuButton.current?.focus();
  }, []);
  const go = (path: string) => {
    setDrawerOpen(false);
    void navigate(path);
  };

  // Escape closes the drawer from anywhere while it covers the page; beside the page, from inside it.
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (!modal && !drawer.current?.contains(document.activeElement)) return;
      event.preventDefault();
      close(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen, modal, close]);

  // The modal drawer takes the focus when it opens: its first link.
  useEffect(() => {
    if (modal) drawer.current?.querySelector<HTMLElement>('a, button, select')?.focus();
  }, [modal]);

  return (
    <BaseCurrencyProvider base={base}>
      <div className={`shell ${drawerOpen ? 'drawer-open' : ''}`}>
        <header className="toolbar" inert={modal}>
          <button
            ref={menuButton}
            type="button"
            aria-expanded={drawerOpen}
            aria-controls="drawer"
            onClick={() => setDrawerOpen((open) => !open)}
          >
            Menu
          </button>
          <span className="brand">Investments Tracker</span>
          <ViewSwitch />
          {userName ? <span className="user">{userName}</span> : null}
        </header>
        <ReturnsBanner inert={modal} />
        {/* 'over' mode (narrow screens): a backdrop covers the page; a click on it closes the drawer. */}
        {drawerOpen ? <div className="drawer-backdrop" aria-hidden="true" onClick={() => close(true)} /> : null}
        <nav ref={drawer} id="drawer" className="drawer" aria-label="Main" hidden={!drawerOpen}>
          {modal ? (
            <button type="button" className="secondary drawer-close" onClick={() => close(true)}>
              Close menu
            </button>
          ) : null}
          <ul>
            <li>
              <NavLink to="/dashboard" onClick={(e) => (e.preventDefault(), go('/dashboard'))}>
                Dashboard
              </NavLink>
            </li>
            <li>
              <NavLink to="/transactions" onClick={(e) => (e.preventDefault(), go('/transactions'))}>
                Transactions
              </NavLink>
            </li>
            <li>
              <NavLink to="/income" onClick={(e) => (e.preventDefault(), go('/income'))}>
                Income
              </NavLink>
            </li>
            <li>
              <NavLink to="/holdings" onClick={(e) => (e.preventDefault(), go('/holdings'))}>
                Holdings
              </NavLink>
            </li>
            <li>
              <NavLink to="/performance" onClick={(e) => (e.preventDefault(), go('/performance'))}>
                Performance
              </NavLink>
            </li>
            <li>
              <NavLink to="/accounts" onClick={(e) => (e.preventDefault(), go('/accounts'))}>
                Accounts
              </NavLink>
            </li>
            <li>
              <NavLink to="/settings" onClick={(e) => (e.preventDefault(), go('/settings'))}>
                Settings
              </NavLink>
            </li>
            <li>
              <button
                type="button"
                className="link"
                onClick={() => (setDrawerOpen(false), auth.send({ type: 'auth.logout' }))}
              >
                Log out
              </button>
            </li>
            <li>
              <DeleteAccount />
            </li>
          </ul>
          <LocaleSetting />
        </nav>
        <main className="content" inert={modal}>
          <RouteFocus>
            <Outlet />
          </RouteFocus>
        </main>
      </div>
    </BaseCurrencyProvider>
  );
}
