import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { selectAuthStatus } from '../../machines/selectors';
import { useAuthActor } from '../app-context';

/** Anonymous visitors go to the landing page; the check of a stored session shows a short notice. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const status = useSelector(useAuthActor(), selectAuthStatus);
  if (status === 'signedIn') return children;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return (
    <p className="page-notice" role="status">
      {status === 'signingOut' ? 'Signing out…' : 'Checking your session…'}
    </p>
  );
}
