import { useSelector } from '@xstate/react';
import { Link, Navigate } from 'react-router-dom';
import { selectAuthError, selectAuthStatus } from '../../machines/selectors';
import { PageHeading } from '../a11y/page-heading';
import { useAuthActor } from '../app-context';

/** Where the provider sends the browser back after sign-in and sign-out; the auth machine does the work. */
export function CallbackPage() {
  const auth = useAuthActor();
  const status = useSelector(auth, selectAuthStatus);
  const error = useSelector(auth, selectAuthError);
  if (status === 'signedIn') return <Navigate to="/dashboard" replace />;
  if (status === 'signedOut' && !error) return <Navigate to="/login" replace />;
  if (status === 'signedOut') {
    return (
      <main className="page-notice">
        <PageHeading title="Sign-in did not complete">Sign-in did not complete</PageHeading>
        <p role="alert">{error}</p>
        <Link to="/login">Back to the start page</Link>
      </main>
    );
  }
  return (
    <main className="page-notice">
      <PageHeading title="Signing in">Signing in</PageHeading>
      <p role="status">Redirecting...</p>
    </main>
  );
}
