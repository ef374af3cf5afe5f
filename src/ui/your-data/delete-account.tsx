import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { selectUserName } from '../../machines/selectors';
import { useAuthActor, useYourDataActor } from '../app-context';

/** "Delete my account": a dialog that asks to type the user name; afterwards the session signs out. */
export function DeleteAccount() {
  const actor = useYourDataActor();
  const userName = useSelector(useAuthActor(), selectUserName) ?? '';
  const busy = useSelector(actor, (s) => s.hasTag('busy') || s.hasTag('deleted'));
  const error = useSelector(actor, (s) => (s.matches('idle') ? s.context.error : null));
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const matches = typed.trim().toLowerCase() === userName.toLowerCase() && userName !== '';

  return (
    <>
      <button type="button" className="link danger" onClick={() => (setTyped(''), setOpen(true))}>
        Delete my account…
      </button>
      <dialog ref={ref} aria-labelledby="delete-account-title" onCancel={(e) => (e.preventDefault(), setOpen(false))}>
        <h2 id="delete-account-title">Delete your account?</h2>
        <p>
          Everything of yours goes: all transactions, settings and symbol choices, and your sign-in. This cannot be
          undone; export a backup first if you may want it back.
        </p>
        <label>
          Type your user name, <strong>{userName}</strong>, to confirm
          <input value={typed} autoComplete="off" onChange={(e) => setTyped(e.currentTarget.value)} />
        </label>
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        <div className="actions">
          <button
            type="button"
            className="danger"
            disabled={!matches || busy}
            onClick={() => actor.send({ type: 'data.deleteAccount', username: typed.trim() })}
          >
            {busy ? 'Deleting…' : 'Delete my account'}
          </button>
          <button type="button" className="secondary" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}
