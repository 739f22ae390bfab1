import {
  expectedByText,
  formatMoney,
  isCollected,
  messages,
  needsPickupPoint,
  parishNamed,
  promisedBy,
  shippingMethodWords,
  type StoreAnswer,
  shopCurrency,
  storageKeys,
  storeDetails,
  type Cart,
  type PaymentMethod,
  type ShippingMethod,
} from '@threadline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Banknote, Bus, CreditCard, Landmark, Mail, ShoppingBag, Store, Truck } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { RadioCards, type RadioCardOption } from '@/components/ui/radio-cards.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StepIndicator } from '@/components/ui/step-indicator.tsx';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import { useTestPayments } from '@/lib/queries/card-payment-config.ts';
import { useStoreSettings } from '@/lib/queries/store-settings.ts';
import { cartQueryKey, profileQueryKey } from '@/lib/queries/query-keys.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useAddresses } from '@/lib/queries/addresses.ts';
import { useCart } from '@/lib/queries/cart.ts';
import { useProfile } from '@/lib/queries/profile.ts';
import { readStorage } from '@/lib/storage.ts';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { newRandomKey } from '@/lib/random-key.ts';
import { usePlaceOrder } from '../api/place-order.ts';
import { checkoutRequest, fieldOfMessage, needsSignIn, saveFormForLater, type FormField } from '../checkout-form.ts';
import { checkoutCharges } from '../checkout-totals.ts';
import { CheckoutSection } from '../components/checkout-section.tsx';
import { CheckoutSummary } from '../components/checkout-summary.tsx';
import { PersonalDetails, type ProfileState } from '../components/personal-details.tsx';
import { PickupPointChoice } from '../components/pickup-point.tsx';
import { PickupLocation, ShippingAddress } from '../components/shipping-address.tsx';
import { useCheckoutForm } from '../hooks/use-checkout-form.ts';

const steps = ['Cart', 'Details', 'Confirmation'];

/** The checkout of SPEC §2, §4 and §5: details, shipping, payment and the order summary. */
export function CheckoutPage() {
  usePageMeta({ title: 'Checkout', description: 'Your details, delivery and payment.' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { currency, format } = useCurrency();
  const signedIn = readStorage(storageKeys.accessToken) !== null;
  const cart = useCart();
  const profile = useProfile(signedIn);
  const addresses = useAddresses(signedIn);
  const checkout = useCheckoutForm({ profile: profile.data, addresses: addresses.data?.addresses });
  const placeOrder = usePlaceOrder();
  const testPayments = useTestPayments();
  const settings = useStoreSettings();
  const [problem, setProblem] = useState<string | null>(null);
  // The cart as it was ordered: the emptied cart the server now answers must not show while the next page loads.
  const [ordered, setOrdered] = useState<Cart | null>(null);
  const attemptKey = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { form: typed, set, errors } = checkout;
  // The shipping methods the shop offers now (KINGSTON.md §3); a choice it no longer offers (a form
  // kept from before) falls to the first it does.
  const offeredShipping = settings.data?.shipping_methods_offered;
  const form =
    offeredShipping && offeredShipping.length > 0 && !offeredShipping.includes(typed.shippingMethod)
      ? { ...typed, shippingMethod: offeredShipping[0] ?? typed.shippingMethod }
      : typed;
  const busy = placeOrder.isPending || ordered !== null;
  // The payment methods the shop takes (owner's settings); the shopper's choice, or, if the shop
  // does not take it (a form kept from before), the first it takes.
  const offered = settings.data?.payment_methods;
  const paymentMethod = offered && !offered.includes(form.paymentMethod) ? (offered[0] ?? form.paymentMethod) : form.paymentMethod;

  const focusField = (field: FormField) => {
    const element = formRef.current?.elements.namedItem(field);
    if (element instanceof HTMLElement) element.focus();
  };

  const goSignIn = (message?: string) => {
    saveFormForLater(form);
    const email = form.email.trim();
    void navigate('/signin', { state: { ...(message ? { message } : {}), ...(email ? { email } : {}), returnTo: '/checkout' } });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const invalid = checkout.validate(form);
    if (invalid) {
      focusField(invalid);
      return;
    }
    attemptKey.current ??= newRandomKey();
    const request = checkoutRequest(
      { ...form, paymentMethod },
      {
        currency: currency.code,
        // Sent as SPEC §7 has it; the server prices shipping itself.
        shippingCost: checkoutCharges(cart.data ?? { total: 0 }, form.shippingMethod, form.parish, settings.data)?.shipping ?? 0,
        canSaveAddress: signedIn && !checkout.addressLocked,
      },
    );
    placeOrder.mutate(
      { request, idempotencyKey: attemptKey.current },
      {
        onSuccess: (answer) => {
          attemptKey.current = null;
          if (!answer.success || answer.order_id === undefined) {
            setProblem(answer.error || messages.checkoutFailed);
            return;
          }
          setOrdered(cart.data ?? null);
          // The server has emptied the cart; the header badge and cart pages learn it from here.
          void queryClient.invalidateQueries({ queryKey: cartQueryKey });
          // The server keeps the order's phone on a profile that had none: the next checkout offers it.
          if (signedIn) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
          void navigate(answer.redirect === 'stripe' ? `/payment/${answer.order_id}` : `/order-confirmation/${answer.order_id}`);
        },
        onError: (error) => {
          // No answer, or a server failure: the order may exist, so trying again keeps the key.
          if (!(error instanceof ApiError) || error.status === 0) {
            setProblem(messages.checkoutError);
            return;
          }
          if (error.status < 500) attemptKey.current = null;
          if (needsSignIn(error.message)) {
            goSignIn(messages.checkoutExistingAccount);
            return;
          }
          const field = fieldOfMessage(error.message);
          if (field) {
            checkout.setServerError(field, error.message);
            focusField(field);
            return;
          }
          setProblem(error.message === messages.httpError(error.status) ? messages.checkoutFailed : error.message);
          // A sold-out line or a dropped promo code changed the cart: show it as it now is.
          void queryClient.invalidateQueries({ queryKey: cartQueryKey });
        },
      },
    );
  };

  // Data in hand wins over a failed background refresh, so a network blip never takes the form away.
  const shownCart = ordered ?? cart.data;
  if (!shownCart && cart.isError) {
    return (
      <CheckoutFrame>
        <div className="mt-8 space-y-4">
          <ErrorBox>{cart.error.message}</ErrorBox>
          <button type="button" onClick={() => void cart.refetch()} className={buttonClass('secondary')}>
            Try Again
          </button>
        </div>
      </CheckoutFrame>
    );
  }
  if (!shownCart) {
    return (
      <CheckoutFrame>
        <div aria-busy="true" className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
          <div className="space-y-6">
            <Skeleton className="h-64 w-full rounded-2xl" />
            <Skeleton className="h-40 w-full rounded-2xl" />
          </div>
          <Skeleton className="h-96 w-full rounded-2xl" />
        </div>
      </CheckoutFrame>
    );
  }
  if (shownCart.items.length === 0) {
    return (
      <CheckoutFrame>
        <div className="mt-12 flex flex-col items-center gap-4 text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-stone-100">
            <ShoppingBag className="size-7 text-stone-500" aria-hidden="true" />
          </span>
          <h2 className="text-xl font-semibold">Your cart is empty</h2>
          <p className="max-w-sm text-stone-600">Add something you love to your cart, then come back here to check out.</p>
          <Link to="/shop" className={buttonClass('primary')}>
            Continue Shopping
          </Link>
        </div>
      </CheckoutFrame>
    );
  }

  const profileState: ProfileState = !signedIn ? 'guest' : profile.isPending ? 'loading' : profile.isSuccess ? 'loaded' : 'failed';
  const fieldProblems = Object.values(errors);
  const charges = checkoutCharges(shownCart, form.shippingMethod, form.parish, settings.data);
  const parish = parishNamed(form.parish);
  const freeOver = settings.data?.free_delivery_over ?? null;
  // What the server will promise if the order is placed now (the same rule, the owner's lead time and holidays).
  const promised = settings.data
    ? promisedBy(
        new Date(),
        settings.data.shipping_methods[form.shippingMethod].lead_days,
        settings.data.public_holidays.map((holiday) => holiday.date),
      )
    : null;
  // A 100% code with pickup: the server places such an order as paid, whatever method is sent.
  const nothingToPay = charges?.total === 0;

  return (
    <CheckoutFrame>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-busy={busy}
        className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-8"
      >
        <div className="min-w-0 space-y-6">
          {/* Above the fields it is about, where focus goes; a refusal of the order shows beside the button instead. */}
          {fieldProblems.length > 0 ? (
            <ErrorBox>
              <p className="font-semibold">Please check the highlighted fields:</p>
              <ul className="list-disc pl-5">
                {fieldProblems.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </ErrorBox>
          ) : null}
          <PersonalDetails form={form} set={set} errors={errors} profile={profileState} onSignIn={() => goSignIn()} />
          <CheckoutSection>
            <RadioCards<ShippingMethod>
              legend="Shipping Method"
              name="shippingMethod"
              value={form.shippingMethod}
              onChange={(value) => set('shippingMethod', value)}
              options={shippingOptions({
                settings: settings.data,
                parish,
                freeOver,
                chosen: form.shippingMethod,
                shipping: charges?.shipping ?? null,
                format,
              })}
            />
            {promised ? <p className="mt-3 text-sm font-medium text-emerald-800">{expectedByText(promised)}</p> : null}
          </CheckoutSection>
          {form.shippingMethod === 'delivery' ? (
            <ShippingAddress
              form={form}
              set={set}
              errors={errors}
              addresses={addresses.data?.addresses}
              addressId={checkout.addressId}
              onChooseAddress={checkout.chooseAddress}
              locked={checkout.addressLocked}
            />
          ) : needsPickupPoint(form.shippingMethod) ? (
            <PickupPointChoice
              kind={form.shippingMethod}
              points={settings.data?.pickup_points}
              value={form.pickupPoint}
              onChange={(code) => set('pickupPoint', code)}
              error={errors.pickupPoint ?? null}
            />
          ) : (
            <PickupLocation />
          )}
          {nothingToPay ? (
            <CheckoutSection>
              <h2 className="text-lg font-semibold text-stone-900">Payment</h2>
              <p className="mt-3 text-sm text-stone-600">No payment needed: your promo code covers the whole order.</p>
            </CheckoutSection>
          ) : offered?.length === 0 ? (
            <CheckoutSection>
              <h2 className="text-lg font-semibold text-stone-900">Payment</h2>
              <p className="mt-3 text-sm text-stone-600">
                We cannot take payments online right now. Please contact us to place your order.
              </p>
            </CheckoutSection>
          ) : (
            <CheckoutSection>
              <RadioCards<PaymentMethod>
                legend="Payment"
                name="paymentMethod"
                value={paymentMethod}
                onChange={(value) => set('paymentMethod', value)}
                options={paymentOptions({
                  testPayments,
                  collected: isCollected(form.shippingMethod),
                  days: settings.data?.bank_transfer_days ?? null,
                }).filter(
                  (option) => offered?.includes(option.value) ?? (option.value === 'stripe' || option.value === 'cash_on_delivery'),
                )}
              />
              {paymentMethod === 'bank_transfer' ? (
                <p className="mt-3 text-sm text-stone-600">
                  After you place your order you'll see our bank details and your order number to quote as the reference. Send us a
                  screenshot or PDF of the transfer from your order page; we prepare your order once the money is in our account.
                </p>
              ) : null}
              {paymentMethod === 'stripe' ? (
                <p className="mt-3 text-sm text-stone-600">
                  {testPayments
                    ? `After you place your order you'll continue to this shop's test card page, which stands in for ${storeDetails.cardProvider}, then come back here. ${messages.testPaymentNotice}`
                    : `After you place your order you'll continue to ${storeDetails.cardProvider}'s secure page to pay, then come back here.`}
                </p>
              ) : paymentMethod === 'powertranz' ? (
                <p className="mt-3 text-sm text-stone-600">
                  After you place your order you'll continue to PowerTranz's secure page to pay, then come back here.
                </p>
              ) : null}
            </CheckoutSection>
          )}
        </div>
        <CheckoutSummary
          cart={shownCart}
          shippingMethod={form.shippingMethod}
          charges={charges}
          tax={settings.data?.tax}
          parish={form.shippingMethod === 'delivery' ? parish : null}
        >
          {problem ? <ErrorBox>{problem}</ErrorBox> : null}
          <button type="submit" disabled={busy || (!nothingToPay && offered?.length === 0)} className={`${buttonClass('primary')} w-full`}>
            {busy ? 'Processing...' : 'Place Order'}
          </button>
          <output className="sr-only">{busy ? 'Placing your order' : ''}</output>
        </CheckoutSummary>
      </form>
    </CheckoutFrame>
  );
}

/** Every payment method in the shopper's words; checkout shows the ones the shop offers. */
function paymentOptions({ testPayments, collected, days }: { testPayments: boolean; collected: boolean; days: number | null }) {
  return [
    {
      value: 'stripe',
      label: 'Card',
      description: testPayments ? messages.testPaymentNotice : `Pay securely by card with ${storeDetails.cardProvider}`,
      icon: <CreditCard className="size-5" aria-hidden="true" />,
    },
    {
      value: 'powertranz',
      label: 'Pay by card (PowerTranz)',
      description: 'Pay securely by card on PowerTranz, the payment page of First Atlantic Commerce',
      icon: <CreditCard className="size-5" aria-hidden="true" />,
    },
    {
      value: 'bank_transfer',
      label: 'Bank transfer',
      description: `Pay into our bank account${days ? ` within ${days} day${days === 1 ? '' : 's'}` : ''}, quoting your order number`,
      icon: <Landmark className="size-5" aria-hidden="true" />,
    },
    {
      value: 'cash_on_delivery',
      label: 'Cash on delivery',
      description: collected ? 'Pay in cash when you collect your order' : 'Pay in cash when your order arrives',
      icon: <Banknote className="size-5" aria-hidden="true" />,
    },
  ] satisfies { value: PaymentMethod; label: string; description: string; icon: ReactNode }[];
}

const shippingIcons: Record<ShippingMethod, ReactNode> = {
  pickup: <Store className="size-5" aria-hidden="true" />,
  delivery: <Truck className="size-5" aria-hidden="true" />,
  knutsford: <Bus className="size-5" aria-hidden="true" />,
  post_office: <Mail className="size-5" aria-hidden="true" />,
};

/**
 * The ways to get the order the shop offers (KINGSTON.md §3), each with its fee as the server will
 * charge it; delivery's shows once a parish of the 14 is typed. Until the settings load, pickup and
 * delivery as the shop always had them.
 */
function shippingOptions({
  settings,
  parish,
  freeOver,
  chosen,
  shipping,
  format,
}: {
  settings: StoreAnswer | undefined;
  parish: string | null;
  freeOver: number | null;
  chosen: ShippingMethod;
  shipping: number | null;
  format(amount: number): string;
}): RadioCardOption<ShippingMethod>[] {
  const offered = settings?.shipping_methods_offered ?? (['pickup', 'delivery'] as const);
  const feeOf = (method: Exclude<ShippingMethod, 'delivery'>) => {
    const fee = settings?.shipping_methods[method].fee ?? 0;
    return fee === 0 ? 'Free' : format(fee);
  };
  const descriptions: Record<ShippingMethod, string> = {
    pickup: `${feeOf('pickup') === 'Free' ? 'Free - ' : ''}Pickup at our store location`,
    delivery: [
      parish ? `To ${parish}` : 'Calculated based on your location',
      freeOver !== null ? `free on orders of ${formatMoney(freeOver, shopCurrency)} or more` : '',
    ]
      .filter(Boolean)
      .join('; '),
    knutsford: 'Collect at a Knutsford Express branch near you',
    post_office: 'Collect at a post office of your choosing',
  };
  return offered.map((method) => ({
    value: method,
    label: method === 'pickup' ? 'Pickup' : shippingMethodWords[method],
    description: descriptions[method],
    icon: shippingIcons[method],
    ...(method !== 'delivery'
      ? { aside: feeOf(method) }
      : chosen === 'delivery' && parish && shipping !== null
        ? { aside: format(shipping) }
        : {}),
  }));
}

function CheckoutFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <StepIndicator steps={steps} current="Details" done={['Cart']} />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">Checkout</h1>
      {children}
    </div>
  );
}
