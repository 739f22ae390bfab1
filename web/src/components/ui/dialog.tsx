import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** Read out with the title when the dialog opens; omit when the content says it all. */
  description?: ReactNode;
  /** A DialogBody and, optionally, a DialogFooter. */
  children: ReactNode;
}

/**
 * A modal: focus is trapped inside, Escape and the backdrop close it, and focus goes back to
 * whatever had it before (Radix only does that for its own trigger, and these dialogs open from
 * anywhere). A centred card on wide screens, a sheet from the bottom on phones.
 */
export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50 motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-3xl bg-white shadow-2xl focus:outline-none motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[85dvh] sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
        >
          <div className="flex items-start justify-between gap-4 border-b border-stone-200 py-3 pr-3 pl-6">
            <div className="pt-2">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description === undefined ? null : (
                <RadixDialog.Description className="mt-1 text-sm text-stone-600">{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              aria-label="Close"
              className="flex size-11 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-900"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The dialog's scrolling content. */
export function DialogBody({ children }: { children: ReactNode }) {
  return <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>;
}

/** Actions pinned under the content. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-stone-200 px-6 py-4 sm:flex-row sm:justify-end">
      {children}
    </div>
  );
}
