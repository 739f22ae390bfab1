import { ChevronRight, Heart, KeyRound, LogOut, MapPin, Package, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { useAuth } from '@/lib/auth/auth-context.tsx';
import { RequireSignIn } from '@/lib/auth/require-sign-in.tsx';
import type { SignInNavigationState } from '@/lib/auth/return-to.ts';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { AccountLayout } from '../components/account-layout.tsx';

const shortcuts = [
  { to: '/profile', title: 'Profile', note: 'Your name, e-mail, phone and picture', Icon: UserRound },
  { to: '/addresses', title: 'Addresses', note: 'Where we deliver your orders', Icon: MapPin },
  { to: '/orders', title: 'Orders', note: 'What you bought and where it is', Icon: Package },
  { to: '/wishlist', title: 'Wishlist', note: 'Products you saved for later', Icon: Heart },
] as const;

const rowClass = 'flex min-h-16 items-center gap-4 px-5 py-3 hover:bg-stone-50';

/**
 * The mobile menu's /settings (not in SPEC's route table): the account's settings in one list. The
 * API has no change-password call, so the password is changed through an e-mailed reset link.
 */
export function SettingsPage() {
  usePageMeta({ title: 'Settings', description: 'Your account settings.' });
  return (
    <RequireSignIn>
      <Settings />
    </RequireSignIn>
  );
}

function Settings() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const resetState: SignInNavigationState = { email: user?.email ?? '' };

  return (
    <AccountLayout title="Settings" intro={user ? `Signed in as ${user.email}` : undefined}>
      <ul className="divide-y divide-stone-200 overflow-hidden rounded-2xl ring-1 ring-stone-200 ring-inset">
        {shortcuts.map(({ to, title, note, Icon }) => (
          <li key={to}>
            <Link to={to} className={rowClass}>
              <Icon className="size-5 shrink-0 text-stone-500" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{title}</span>
                <span className="block text-sm text-stone-600">{note}</span>
              </span>
              <ChevronRight className="size-4 shrink-0 text-stone-400" aria-hidden="true" />
            </Link>
          </li>
        ))}
        <li>
          <Link to="/forgot-password" state={resetState} className={rowClass}>
            <KeyRound className="size-5 shrink-0 text-stone-500" aria-hidden="true" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">Reset password</span>
              <span className="block text-sm text-stone-600">We e-mail you a link to choose a new one</span>
            </span>
            <ChevronRight className="size-4 shrink-0 text-stone-400" aria-hidden="true" />
          </Link>
        </li>
      </ul>
      <button
        type="button"
        disabled={signingOut}
        onClick={async () => {
          setSigningOut(true);
          // Home first: signing out on an account page would otherwise send the shopper to sign in.
          await navigate('/', { replace: true });
          await signOut();
        }}
        className={`${buttonClass('secondary')} w-full sm:w-auto`}
      >
        <LogOut className="size-4" aria-hidden="true" />
        {signingOut ? 'Signing out...' : 'Sign out'}
      </button>
    </AccountLayout>
  );
}
