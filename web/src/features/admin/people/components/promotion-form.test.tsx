import { promotionMessages, type PromotionCreate } from '@threadline/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyPromotionForm } from './promotion-form-values.ts';
import { PromotionForm } from './promotion-form.tsx';

function renderForm(serverError: { field: 'code' | null; message: string } | null = null) {
  const onSubmit = vi.fn<(input: PromotionCreate) => void>();
  render(
    <PromotionForm
      initial={emptyPromotionForm}
      submitLabel="Create code"
      busyLabel="Creating..."
      busy={false}
      serverError={serverError}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, user: userEvent.setup({ delay: null }) };
}

// Typing a form on a shared two-core machine can pass Vitest's default 5 s.
describe('PromotionForm', { timeout: 20_000 }, () => {
  it('says what is wrong beside each field, moves to the first, and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Percent off/ }), '150');
    await user.type(screen.getByLabelText(/Total uses/), '0');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const code = screen.getByLabelText('Code');
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription('Enter a code of up to 60 letters, digits, - and _.');
    expect(screen.getByRole('textbox', { name: /Percent off/ })).toHaveAccessibleDescription(promotionMessages.percentValue);
    expect(screen.getByLabelText(/Total uses/)).toBeInvalid();

    // Typing in a field clears its message.
    await user.type(code, 'island10');
    expect(code).not.toBeInvalid();
  });

  it('sends a fixed-amount code with its rules', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Code'), 'take250');
    await user.selectOptions(screen.getByLabelText('Discount type'), 'fixed');
    await user.type(screen.getByRole('textbox', { name: 'Amount off (J$)' }), '250.50');
    await user.type(screen.getByLabelText(/Minimum subtotal/), '5000');
    await user.type(screen.getByLabelText(/Uses per customer/), '1');
    await user.click(screen.getByLabelText('First order only'));
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'take250',
        kind: 'fixed',
        value: 250.5,
        min_subtotal: 5000,
        per_customer_limit: 1,
        usage_limit: null,
        first_order_only: true,
        active: true,
      }),
    );
  });

  it("shows the server's refusal beside the field it names", () => {
    renderForm({ field: 'code', message: promotionMessages.duplicateCode('ISLAND10') });
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('There is already a promo code ISLAND10.');
  });
});
