import { useId, type ReactNode } from 'react';
import { ModalCloseButton, ModalLayer } from './modal-layer.tsx';

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
 * whatever had it before. A centred card on wide screens, a sheet from the bottom on phones.
 */
export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const close = () => onOpenChange(false);
  return (
    <ModalLayer
      open={open}
      onClose={close}
      labelledBy={titleId}
      {...(description === undefined ? {} : { describedBy: descriptionId })}
      overlayClassName="fixed inset-0 z-40 bg-stone-950/50 motion-safe:animate-fade-in motion-safe:data-[state=closed]:animate-fade-out"
      className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-3xl bg-white shadow-2xl focus:outline-none motion-safe:animate-fade-in motion-safe:data-[state=closed]:animate-fade-out sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[85dvh] sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
    >
      <div className="flex items-start justify-between gap-4 border-b border-stone-200 py-3 pr-3 pl-6">
        <div className="pt-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description === undefined ? null : (
            <p id={descriptionId} className="mt-1 text-sm text-stone-600">
              {description}
            </p>
          )}
        </div>
        <ModalCloseButton label="Close" onClose={close} />
      </div>
      {children}
    </ModalLayer>
  );
}

/** The dialog's scrolling content. */
export function DialogBody({ children }: { children: ReactNode }) {
  return <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>;
}

/** Actions pinned under the content. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-3 border-t border-stone-200 px-6 py-4 sm:flex-row sm:justify-end">{children}</div>;
}
