import { useQuery } from '@tanstack/react-query';
import { messages } from '@threadline/contracts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { profileQueryOptions } from '@/lib/queries/profile.ts';
import { RequireSignIn } from '@/lib/auth/require-sign-in.tsx';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { AccountLayout } from '../components/account-layout.tsx';
import { AccountLoadError } from '../components/account-states.tsx';
import { ProfileForm } from '../components/profile-form.tsx';

/** SPEC §2 /profile: the customer's details and picture; only filled-in fields are sent. */
export function ProfilePage() {
  usePageMeta({ title: 'Your profile', description: 'Your Threadline account details.' });
  return (
    <RequireSignIn>
      <Profile />
    </RequireSignIn>
  );
}

function Profile() {
  const profile = useQuery(profileQueryOptions());
  return (
    <AccountLayout title="Profile" intro="Your details and how we reach you.">
      {profile.data ? (
        <ProfileForm user={profile.data} />
      ) : profile.isError ? (
        <AccountLoadError message={messages.profileLoadFailed} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
      ) : (
        <div aria-busy="true" className="space-y-6">
          <output className="sr-only">Loading profile...</output>
          <Skeleton className="h-36 rounded-2xl" />
          <Skeleton className="h-64 rounded-2xl" />
        </div>
      )}
    </AccountLayout>
  );
}
