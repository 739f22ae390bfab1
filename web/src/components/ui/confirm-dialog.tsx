import { useId, useRef } from 'react';
import { buttonClass } from './button-styles.ts';
import { ModalLayer } from './modal-layer.tsx';

// buttonClass has no destructive variant; this one matches its shape.
const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full bg-red-700 px-6 py-3 text-sm font-semibold text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, read out with the title when the dialog opens. */
  message: string;
  confirmLabel: string;
  /** Label of the confirm button while the action runs. */
  busyLabel: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * An accessible replacement for window.confirm: an alert dialog whose focus starts on Cancel, so
 * Enter pressed by habit does not destroy anything. Focus returns to whatever opened it.
 */
export function ConfirmDialog({ open, title, message, confirmLabel, busyLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ModalLayer
      open={open}
      onClose={() => !busy && onCancel()}
      role="alertdialog"
      labelledBy={titleId}
      describedBy={messageId}
      initialFocus={cancel}
      overlayClassName="fixed inset-0 z-40 bg-stone-950/50 motion-safe:animate-fade-in motion-safe:data-[state=closed]:animate-fade-out"
      className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-sm -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl focus:outline-none motion-safe:animate-fade-in motion-safe:data-[state=closed]:animate-fade-out"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <p id={messageId} className="mt-2 text-sm text-stone-600">
        {message}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button ref={cancel} type="button" onClick={onCancel} disabled={busy} className={buttonClass('secondary')}>
          Cancel
        </button>
        <button type="button" onClick={onConfirm} disabled={busy} className={dangerButtonClass}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </ModalLayer>
  );
}
