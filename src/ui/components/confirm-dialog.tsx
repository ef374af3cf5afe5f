import { useEffect, useRef } from 'react';

/** A modal question with a clear default: Escape or 'Cancel' keeps everything as it was. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // 'Cancel' takes the focus, not the first button: Enter keeps everything as it was. (React's
      // `autoFocus` would focus it when the closed dialog mounts, forcing a style pass of the whole page.)
      cancelRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby="confirm-title" onCancel={(e) => (e.preventDefault(), onCancel())}>
      <h2 id="confirm-title">{title}</h2>
      <p>{text}</p>
      <div className="actions">
        <button type="button" className="danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={cancelRef} type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
