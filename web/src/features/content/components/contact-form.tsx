import { contactRequestSchema, type ContactRequest } from '@threadline/contracts';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { TextAreaField, TextField } from '@/components/ui/text-field.tsx';
import { useSendContactMessage } from '../api/send-contact-message.ts';

type Field = keyof ContactRequest;
type Values = Record<Field, string>;

const fieldOrder: readonly Field[] = ['name', 'email', 'subject', 'message'];
const emptyValues: Values = { name: '', email: '', subject: '', message: '' };

function isField(key: PropertyKey | undefined): key is Field {
  return typeof key === 'string' && (fieldOrder as readonly string[]).includes(key);
}

/**
 * The contact form (SPEC §2): every field required. The shared schema checks it here first so
 * mistakes show beside their fields at once; the server checks again and has the last word.
 */
export function ContactForm() {
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const fields = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const send = useSendContactMessage();

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = contactRequestSchema.safeParse(values);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (isField(field)) found[field] ??= issue.message;
      }
      setErrors(found);
      send.reset();
      const first = fieldOrder.find((field) => found[field]);
      if (first) fields.current[first]?.focus();
      return;
    }
    setErrors({});
    send.mutate(checked.data, { onSuccess: () => setValues(emptyValues) });
  };

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    required: true,
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Contact form" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...bind('name')}
          ref={(element) => {
            fields.current.name = element;
          }}
          label="Name"
          autoComplete="name"
          maxLength={200}
        />
        <TextField
          {...bind('email')}
          ref={(element) => {
            fields.current.email = element;
          }}
          label="Email"
          type="email"
          autoComplete="email"
        />
      </div>
      <TextField
        {...bind('subject')}
        ref={(element) => {
          fields.current.subject = element;
        }}
        label="Subject"
        maxLength={300}
      />
      <TextAreaField
        {...bind('message')}
        ref={(element) => {
          fields.current.message = element;
        }}
        label="Message"
        rows={8}
        maxLength={5000}
      />

      <div aria-live="polite">
        {send.isSuccess && (
          <p className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-900 ring-1 ring-brand-200">
            <CircleCheck className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            {send.data.message}
          </p>
        )}
        {send.isError && (
          <p className="flex gap-3 rounded-2xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
            <CircleAlert className="size-5 shrink-0 text-red-700" aria-hidden="true" />
            {send.error.message}
          </p>
        )}
      </div>

      <button type="submit" disabled={send.isPending} className={`${buttonClass('primary')} w-full sm:w-auto`}>
        {send.isPending && <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" />}
        {send.isPending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
