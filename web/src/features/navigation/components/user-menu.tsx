import { ChevronDown, LogOut } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLink,
  DropdownMenuSeparator,
} from '@/components/ui/dropdown-menu.tsx';
import { accountLinks, type SignedInAccount } from '../account-links.ts';

/** The signed-in shopper's menu in the header: their pages and Sign out. */
export function UserMenu({ account }: { account: SignedInAccount }) {
  const name = account.customer.first_name.trim() || 'Account';
  return (
    <DropdownMenu
      triggerLabel={`Account: ${name}`}
      triggerClassName="inline-flex h-11 items-center gap-2 rounded-full pr-3 pl-1.5 text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-900 aria-expanded:bg-stone-100"
      trigger={
        <>
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white uppercase"
          >
            {name.charAt(0)}
          </span>
          <span className="max-w-28 truncate">{name}</span>
          <ChevronDown className="size-4 text-stone-500" aria-hidden="true" />
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
