import { useSelector } from '@xstate/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { selectUserName } from '../../machines/selectors';
import { useAuthActor } from '../app-context';
import { DeleteAccount } from '../components/delete-account';
import { LocaleSetting } from '../components/locale-setting';
import { ReturnsBanner } from './returns-banner';

/** The signed-in frame: toolbar with the menu button, side drawer, and the page. */
export function Shell() {
  const auth = useAuthActor();
  const userName = useSelector(auth, selectUserName);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigate = useNavigate();
  const menuButton = useRef<HTMLButtonElement>(null);
  const go = (path: string) => {
    setDrawerOpen(false);
    void navigate(path);
  };
  // Escape closes the drawer and gives the focus back to the button that opened it.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setDrawerOpen(false);
    menuButton.current?.focus();
  };

  return (
    <div className={`shell ${drawerOpen ? 'drawer-open' : ''}`}>
      <header className="toolbar">
        <button ref={menuButton} type="button" aria-expanded={drawerOpen} aria-controls="drawer" onClick={() => setDrawerOpen((open) => !open)}>
          Menu
        </button>
        <span className="brand">Investments Tracker</span>
        {userName ? <span className="user">{userName}</span> : null}
      </header>
      <ReturnsBanner />
      {/* 'over' mode (narrow screens): a backdrop covers the page; a click on it closes the drawer. */}
      {drawerOpen ? <div className="drawer-backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} /> : null}
      <nav id="drawer" className="drawer" aria-label="Main" hidden={!drawerOpen} onKeyDown={closeOnEscape}>
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
            <NavLink to="/settings" onClick={(e) => (e.preventDefault(), go('/settings'))}>
              Settings
            </NavLink>
          </li>
          <li>
            <button type="button" className="link" onClick={() => (setDrawerOpen(false), auth.send({ type: 'auth.logout' }))}>
              Log out
            </button>
          </li>
          <li>
            <DeleteAccount />
          </li>
        </ul>
        <LocaleSetting />
      </nav>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
