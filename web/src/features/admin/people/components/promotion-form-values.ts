import {
  moneyAmountOf,
  moneyTextMessage,
  promotionCreateSchema,
  promotionMessages,
  type AdminPromotion,
  type PromotionCreate,
  type PromotionKind,
} from '@threadline/contracts';

/** The promotion form as typed: text for every number and time, so a half-typed value is never lost. */
export interface PromotionFormValues {
  code: string;
  description: string;
  kind: PromotionKind;
  value: string;
  min_subtotal: string;
  /** `datetime-local` text in the browser's time zone; empty for none. */
  starts_at: string;
  ends_at: string;
  /** Empty for no limit. */
  usage_limit: string;
  per_customer_limit: string;
  first_order_only: boolean;
  active: boolean;
}

export type PromotionField = keyof PromotionFormValues;
export type PromotionFieldErrors = Partial<Record<PromotionField, string>>;

export const emptyPromotionForm: PromotionFormValues = {
  code: '',
  description: '',
  kind: 'percent',
  value: '',
  min_subtotal: '',
  starts_at: '',
  ends_at: '',
  usage_limit: '',
  per_customer_limit: '',
  first_order_only: false,
  active: true,
};

/** What a field says when its value is not even of the right kind (the server's rules speak for themselves). */
const fieldHelp: Record<PromotionField, string> = {
  code: 'Enter a code of up to 60 letters, digits, - and _.',
  description: 'Keep the note to 300 characters.',
  kind: 'Choose percent or a fixed amount.',
  value: 'Enter the discount.',
  min_subtotal: 'Enter an amount in J$ (0 or more), or leave it empty.',
  starts_at: 'Enter a date and time, or leave it empty.',
  ends_at: 'Enter a date and time, or leave it empty.',
  usage_limit: 'Enter a whole number of 1 or more, or leave it empty for no limit.',
  per_customer_limit: 'Enter a whole number of 1 or more, or leave it empty for no limit.',
  first_order_only: '',
  active: '',
};

const ruleMessages = new Set<unknown>(Object.values(promotionMessages));

const two = (part: number) => String(part).padStart(2, '0');

/** An ISO moment as a `datetime-local` value in the browser's time zone. */
export function localInputOf(iso: string | null): string {
  if (!iso) return '';
  const moment = new Date(iso);
  return `${moment.getFullYear()}-${two(moment.getMonth() + 1)}-${two(moment.getDate())}T${two(moment.getHours())}:${two(moment.getMinutes())}`;
}

/** A `datetime-local` value (read in the browser's time zone) as ISO; empty is none, nonsense stays text for the schema to refuse. */
function momentOf(local: string): string | null {
  if (local.trim() === '') return null;
  const moment = new Date(local);
  return Number.isNaN(moment.getTime()) ? local : moment.toISOString();
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** An amount of money, read as the catalogue import reads its cells ('1,500', 'J$1500'); NaN when it is none. */
const moneyOf = (text: string) => moneyAmountOf(text) ?? Number.NaN;
const limitOf = (text: string) => (text.trim() === '' ? null : Number(text));

export function formValuesOf(promotion: AdminPromotion): PromotionFormValues {
  return {
    code: promotion.code,
    description: promotion.description,
    kind: promotion.kind,
    value: String(promotion.value),
    min_subtotal: promotion.min_subtotal === 0 ? '' : String(promotion.min_subtotal),
    starts_at: localInputOf(promotion.starts_at),
    ends_at: localInputOf(promotion.ends_at),
    usage_limit: promotion.usage_limit === null ? '' : String(promotion.usage_limit),
    per_customer_limit: promotion.per_customer_limit === null ? '' : String(promotion.per_customer_limit),
    first_order_only: promotion.first_order_only,
    active: promotion.active,
  };
}

/** The form checked by the server's own schema: the code to send, or what to say beside each field. */
export function readPromotionForm(
  values: PromotionFormValues,
): { input: PromotionCreate; errors: null } | { input: null; errors: PromotionFieldErrors } {
  const parsed = promotionCreateSchema.safeParse({
    code: values.code,
    description: values.description.trim(),
    kind: values.kind,
    value: values.kind === 'fixed' ? moneyOf(values.value) : numberOf(values.value),
    min_subtotal: values.min_subtotal.trim() === '' ? 0 : moneyOf(values.min_subtotal),
    starts_at: momentOf(values.starts_at),
    ends_at: momentOf(values.ends_at),
    usage_limit: limitOf(values.usage_limit),
    per_customer_limit: limitOf(values.per_customer_limit),
    first_order_only: values.first_order_only,
    active: values.active,
  });
  if (parsed.success) return { input: parsed.data, errors: null };
  const errors: PromotionFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as PromotionField;
    errors[field] ??= ruleMessages.has(issue.message) ? issue.message : fieldHelp[field];
  }
  // Money typed as nothing the shop reads as an amount says how to type it.
  if (values.kind === 'fixed' && values.value.trim() !== '' && moneyAmountOf(values.value) === null) errors.value = moneyTextMessage;
  if (values.min_subtotal.trim() !== '' && moneyAmountOf(values.min_subtotal) === null) errors.min_subtotal = moneyTextMessage;
  return { input: null, errors };
}
