import { ChevronDown, LogOut } from 'lucide-react';
import { useState } from 'react';
import { DropdownMenu, DropdownMenuItem, DropdownMenuLink, DropdownMenuSeparator } from '@/components/ui/dropdown-menu.tsx';
import { accountLinks, type SignedInAccount } from '../account-links.ts';

/** The profile picture, or the initial when there is none or it cannot be loaded. */
function Avatar({ picture, initial }: { picture: string | null; initial: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (picture && failed !== picture) {
    return (
      <img
        src={picture}
        alt=""
        width={32}
        height={32}
        onError={() => setFailed(picture)}
        className="size-8 rounded-full bg-stone-100 object-cover ring-1 ring-stone-200"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white uppercase"
    >
      {initial}
    </span>
  );
}

/** The signed-in shopper's menu in the header: their pages and Sign out. On a phone, the picture alone. */
export function UserMenu({ account }: { account: SignedInAccount }) {
  const name = account.customer.first_name.trim() || 'Account';
  return (
    <DropdownMenu
      triggerLabel={`Account: ${name}`}
      triggerClassName="inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-full text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-900 aria-expanded:bg-stone-100 sm:pr-3 sm:pl-1.5"
      trigger={
        <>
          <Avatar picture={account.customer.profile_picture} initial={name.charAt(0)} />
          <span className="hidden max-w-28 truncate sm:inline">{name}</span>
          <ChevronDown className="hidden size-4 text-stone-500 sm:block" aria-hidden="true" />
        </>
      }
      menuLabel="Account"
    >
      {accountLinks.map(({ to, label, icon: Icon }) => (
        <DropdownMenuLink key={to} to={to}>
          <Icon className="size-4 text-stone-500" aria-hidden="true" />
          {label}
        </DropdownMenuLink>
      ))}
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={account.onSignOut}>
        <LogOut className="size-4 text-stone-500" aria-hidden="true" />
        Sign out
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
