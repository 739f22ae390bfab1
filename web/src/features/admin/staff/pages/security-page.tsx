import { useState, type FormEvent } from 'react';
import type { TwoFactorSetup } from '@threadline/contracts';
import { Badge } from '@/components/ui/badge.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { Notice, type NoticeMessage } from '@/components/ui/notice.tsx';
import { useAdminMe } from '../../api/get-admin-me.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { useConfirmSecondFactor, useSetUpSecondFactor, useTurnOffSecondFactor } from '../api/second-factor.ts';
import { CodeField, codeDigits, isCompleteCode } from '../components/code-field.tsx';

/** The secret in groups of four, as authenticator apps show the key to type. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

const incompleteCode = 'Enter the 6 digits your authenticator app shows.';

/** A code form: one field and one button; the code is cleared after a refusal so the next one is typed fresh. */
function CodeForm({
  label,
  busyLabel,
  busy,
  danger,
  onCode,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  danger?: boolean;
  onCode(code: string, refused: (message: string) => void): void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteCode(code)) return setProblem(incompleteCode);
    setProblem(null);
    onCode(codeDigits(code), (message) => {
      setProblem(message);
      setCode('');
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <CodeField value={code} onChange={setCode} error={problem} />
      <button type="submit" disabled={busy} className={danger ? `${buttonClass('secondary')} text-red-800` : buttonClass('primary')}>
        {busy ? busyLabel : label}
      </button>
    </form>
  );
}

function Enrolment({ setup, onDone }: { setup: TwoFactorSetup; onDone(): void }) {
  const confirm = useConfirmSecondFactor();
  return (
    <section aria-labelledby="enrol-title" className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
      <h2 id="enrol-title" className="text-lg font-semibold">
        Scan, then enter a code
      </h2>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
        <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows for Threadline.</li>
      </ol>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt="QR code to add Threadline to your authenticator app"
        className="size-48 rounded-xl ring-1 ring-stone-200"
      />
      <div>
        <p className="text-sm font-medium text-stone-800">Key to type instead</p>
        <code className="mt-1 block font-mono text-base break-words text-stone-900">{groupedSecret(setup.secret)}</code>
      </div>
      <CodeForm
        label="Turn on"
        busyLabel="Turning on…"
        busy={confirm.isPending}
        onCode={(code, refused) => confirm.mutate(code, { onSuccess: onDone, onError: (error) => refused(error.message) })}
      />
    </section>
  );
}

/** /admin/security: the account's second factor — set it up with an authenticator app, or turn it off. */
export function SecurityPage() {
  const me = useAdminMe();
  const setUp = useSetUpSecondFactor();
  const turnOff = useTurnOffSecondFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);

  if (me.isPending) return <ListLoading label="Loading your security settings..." rows={3} />;
  if (me.isError) return <LoadFailed error={me.error} retry={() => void me.refetch()} />;
  const { two_factor_enabled: enabled, two_factor_required: required } = me.data;

  return (
    <AdminPage title="Security">
      {required && !enabled ? (
        <p className="rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          This shop requires a second factor for the back office. Set one up to continue.
        </p>
      ) : null}
      <section aria-labelledby="factor-title" className="space-y-3 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="factor-title" className="text-lg font-semibold">
            Second factor
          </h2>
          <Badge tone={enabled ? 'success' : 'amber'}>{enabled ? 'On' : 'Off'}</Badge>
        </div>
        <p className="max-w-prose text-sm text-stone-600">
          {enabled
            ? 'Each time you sign in, the back office asks for a code from your authenticator app. To turn this off, enter a current code.'
            : 'With a second factor, signing in needs a code from an app on your phone as well as your password, so a stolen password alone cannot open the back office.'}
        </p>
        {enabled ? (
          <CodeForm
            label="Turn off"
            busyLabel="Turning off…"
            busy={turnOff.isPending}
            danger
            onCode={(code, refused) =>
              turnOff.mutate(code, {
                onSuccess: () => setNotice({ tone: 'success', text: 'The second factor is off.' }),
                onError: (error) => refused(error.message),
              })
            }
          />
        ) : setup === null ? (
          <button
            type="button"
            disabled={setUp.isPending}
            className={buttonClass('primary')}
            onClick={() =>
              setUp.mutate(undefined, { onSuccess: setSetup, onError: (error) => setNotice({ tone: 'error', text: error.message }) })
            }
          >
            {setUp.isPending ? 'Preparing…' : 'Set up the second factor'}
          </button>
        ) : null}
      </section>
      {!enabled && setup !== null ? (
        <Enrolment
          setup={setup}
          onDone={() => {
            setSetup(null);
            setNotice({ tone: 'success', text: 'The second factor is on. You will be asked for a code each time you sign in.' });
          }}
        />
      ) : null}
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
    </AdminPage>
  );
}
