import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { buttonClass } from './button-styles.ts';

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
  const opener = useRef<HTMLElement | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50 motion-safe:data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            event.preventDefault();
            cancel.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          onInteractOutside={(event) => {
            if (busy) event.preventDefault();
          }}
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-sm -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl focus:outline-none motion-safe:data-[state=open]:animate-fade-in"
        >
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          <RadixDialog.Description className="mt-2 text-sm text-stone-600">{message}</RadixDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button ref={cancel} type="button" onClick={onCancel} disabled={busy} className={buttonClass('secondary')}>
              Cancel
            </button>
            <button type="button" onClick={onConfirm} disabled={busy} className={dangerButtonClass}>
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
