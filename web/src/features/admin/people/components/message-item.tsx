import type { AdminContactMessage } from '@threadline/contracts';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useMarkMessage } from '../api/mark-message.ts';

const when = new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium', timeStyle: 'short' });
const smallButton =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1 ring-inset ring-stone-300 hover:bg-stone-100';

/** One message: its sender and subject (bold while unread); opening it shows the text and marks it read. */
export function MessageItem({ message }: { message: AdminContactMessage }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const mark = useMarkMessage();
  const bodyId = useId();
  const markAs = (read: boolean) =>
    mark.mutate(
      { id: message.id, read },
      {
        onSuccess: () => setFailure(null),
        onError: (error) =>
          setFailure(error instanceof ApiError && error.status !== 0 ? error.message : 'Could not reach the shop to mark the message.'),
      },
    );
  const toggle = () => {
    setOpen(!open);
    if (!open && !message.read) markAs(true);
  };
  return (
    <li className={`rounded-2xl ring-1 ring-stone-200 ${message.read ? 'bg-white' : 'bg-brand-50/40'}`}>
      <h2 className="text-sm">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={toggle}
          className="flex min-h-11 w-full items-start gap-3 rounded-2xl px-4 py-3 text-left focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        >
          <span className="min-w-0 flex-1">
            <span className={`block break-words ${message.read ? 'font-normal' : 'font-bold'}`}>
              {message.read ? null : (
                <Badge tone="dark" className="mr-2 align-middle">
                  New
                </Badge>
              )}
              {message.subject}
            </span>
            <span className="block break-words text-stone-600">
              {message.name} · {message.email} · {when.format(new Date(message.created_at))}
            </span>
          </span>
          <ChevronDown className={`mt-1 size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </button>
      </h2>
      <div id={bodyId} hidden={!open} className="space-y-3 border-t border-stone-200 px-4 py-3">
        <p className="text-sm break-words whitespace-pre-wrap">{message.message}</p>
        <div className="flex flex-wrap gap-2">
          <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`} className={smallButton}>
            Reply by e-mail
          </a>
          {message.read ? (
            <button type="button" className={smallButton} disabled={mark.isPending} onClick={() => markAs(false)}>
              Mark unread
            </button>
          ) : null}
        </div>
        {failure ? (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        ) : null}
      </div>
    </li>
  );
}
