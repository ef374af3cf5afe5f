import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { selectUserName } from '../../machines/selectors';
import { useAuthActor } from '../app-context';
import { ReturnsBanner } from './returns-banner';

/** The signed-in frame: toolbar with the menu button, side drawer, and the page. */
export function Shell() {
  const auth = useAuthActor();
  const userName = useSelector(auth, selectUserName);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigate = useNavigate();
  const go = (path: string) => {
    setDrawerOpen(false);
    void navigate(path);
  };

  return (
    <div className={`shell ${drawerOpen ? 'drawer-open' : ''}`}>
      <header className="toolbar">
        <button type="button" aria-expanded={drawerOpen} aria-controls="drawer" onClick={() => setDrawerOpen((open) => !open)}>
          Menu
        </button>
        <span className="brand">Investments Tracker</span>
        {userName ? <span className="user">{userName}</span> : null}
      </header>
      <ReturnsBanner />
      <nav id="drawer" className="drawer" aria-label="Main" hidden={!drawerOpen}>
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
            <button type="button" className="link" onClick={() => (setDrawerOpen(false), auth.send({ type: 'auth.logout' }))}>
              Log out
            </button>
          </li>
        </ul>
      </nav>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
