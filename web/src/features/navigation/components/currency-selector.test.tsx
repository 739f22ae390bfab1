import { currencies, messages, type Currency, type CurrencyCode } from '@threadline/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CurrencySelector } from './currency-selector.tsx';

const [jmd] = currencies as [Currency, Currency];

function renderSelector(overrides: { status?: 'live' | 'cached'; error?: string | null } = {}) {
  const onSelect = vi.fn<(code: CurrencyCode) => void>();
  const onOpen = vi.fn<() => void>();
  render(
    <CurrencySelector
      currencies={currencies}
      currency={jmd}
      onSelect={onSelect}
      onOpen={onOpen}
      status={overrides.status ?? 'live'}
      error={overrides.error ?? null}
    />,
  );
  return { onSelect, onOpen, button: screen.getByRole('button', { name: 'Currency: JMD' }) };
}

describe('currency selector', () => {
  it('lists every currency with its code, label and symbol, marks the chosen one and asks for fresh rates', async () => {
    const user = userEvent.setup();
    const { button, onOpen } = renderSelector();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);

    expect(onOpen).toHaveBeenCalledTimes(1);
    const menu = screen.getByRole('menu', { name: 'Currency' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/JMD.*\(J\$\).*Jamaican Dollar/),
      expect.stringMatching(/USD.*\(US\$\).*US Dollar/),
    ]);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    expect(items[1]).toHaveAttribute('aria-checked', 'false');
    expect(items[0]).toHaveFocus();
    expect(screen.getByText(messages.ratesLive)).toBeVisible();
  });

  it('chooses a currency by click, closes and gives focus back to the button', async () => {
    const user = userEvent.setup();
    const { button, onSelect } = renderSelector();
    await user.click(button);
    await user.click(screen.getByRole('menuitemradio', { name: /USD/ }));

    expect(onSelect).toHaveBeenCalledWith('USD');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('works by keyboard: Arrow Down opens, arrows move, Enter chooses, Escape closes', async () => {
    const user = userEvent.setup();
    const { button, onSelect } = renderSelector();
    button.focus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: /JMD/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: /USD/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: /JMD/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(onSelect).not.toHaveBeenCalled();

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: /USD/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('USD');
  });

  it('says when the rates are cached and when updating them failed', async () => {
    const user = userEvent.setup();
    const { button } = renderSelector({ status: 'cached', error: messages.ratesFailed });
    await user.click(button);
    expect(screen.getByText(messages.ratesCached)).toBeVisible();
    expect(screen.getByText(messages.ratesFailed)).toBeVisible();
    expect(screen.queryByText(messages.ratesLive)).not.toBeInTheDocument();
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    const { button } = renderSelector();
    await user.click(button);
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
