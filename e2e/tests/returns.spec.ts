import type { Page } from '@playwright/test';
import { expect, test } from './shop-test.ts';
import { customerOrders, personsPage, seriousViolations, staffHandsOverPickup, staffOpenOrder, unique } from './shop-orders.ts';
import { mailsTo } from './shop-outbox.ts';

/**
 * Issue 34 (KINGSTON.md §7): a buyer whose order was delivered asks, on a phone, to exchange their
 * runners for a size up; staff approve the return, receive it (the pair back in stock as a `return`
 * movement) and make the exchange; the buyer sees each step on the order's page and by e-mail.
 */
const phone = { width: 390, height: 844 };

/** What GET `path` under /api answers the page, signed in as the page is. */
function readApi<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(`/api${url}`, {
      headers: {
        'x-session-key': localStorage.getItem('sessionKey') ?? '',
        authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}`,
      },
    });
    return (await response.json()) as T;
  }, path);
}

interface Movement {
  change: number;
  kind: string;
  reason: string;
  order_number: string | null;
}

test.describe('returns and exchanges', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a buyer asks on a phone to exchange their runners for a size up; staff approve, receive and make the exchange', async ({
    browser,
    page: customer,
  }) => {
    const email = unique('exchanger');
    await customer.setViewportSize(phone);
    const orderNumber = await customerOrders(customer, email, 'Cash on Delivery');

    const staff = await personsPage(browser);
    await staffOpenOrder(staff, email, orderNumber);
    await staffHandsOverPickup(staff, orderNumber);

    // The buyer finds the way from their orders to the order's page, and asks.
    await customer.goto('/orders');
    const card = customer.getByRole('article', { name: `Order ${orderNumber}` });
    await card.getByRole('button', { name: /View Details/ }).click();
    await customer
      .getByRole('dialog', { name: `Order ${orderNumber}` })
      .getByRole('link', { name: 'Return or exchange items' })
      .click();
    const section = customer.getByRole('region', { name: 'Returns and exchanges' });
    await expect(section.getByText(/You can return or exchange items until .* \(14 days from delivery\)\./)).toBeVisible();
    await section.getByRole('button', { name: 'Return or exchange items' }).click();
    const form = section.getByRole('form', { name: 'Return or exchange' });
    await form.getByRole('combobox', { name: 'How many Kingston Runner (9 / Black)' }).selectOption('1');
    await form.getByRole('combobox', { name: 'Why Kingston Runner is coming back' }).selectOption({ label: 'Too small' });
    await form.getByRole('radio', { name: 'Exchange for another size or colour' }).check();
    await form.getByRole('combobox', { name: 'Kingston Runner instead in' }).selectOption({ label: '10 / Black' });
    await form.getByRole('textbox', { name: /Anything the shop should know/ }).fill('Lovely, but a half size small.');
    expect(await seriousViolations(customer)).toEqual([]);
    await customer.screenshot({ path: '/tmp/returns-request-phone.png', fullPage: true });
    await form.getByRole('button', { name: 'Request return' }).click();
    const requested = section.getByText(/^Return (R-TL-\S+) requested\. We will e-mail you once the shop has looked at it\.$/);
    await expect(requested).toBeVisible();
    const returnNumber = /Return (R-TL-\S+) requested/.exec((await requested.textContent()) ?? '')?.[1] ?? '';
    expect(returnNumber).toMatch(/^R-TL-/);
    await expect(section.getByRole('listitem', { name: `Return ${returnNumber}` })).toContainText('Requested');

    // Staff: approve, receive with the pair back in stock, make the exchange.
    await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Returns' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
    const entry = staff.getByRole('listitem', { name: returnNumber });
    await expect(entry).toContainText('1 × Kingston Runner (9 / Black)');
    await expect(entry).toContainText('Too small');
    await expect(entry).toContainText('For: 10 / Black');
    await expect(entry).toContainText('Lovely, but a half size small.');
    expect(await seriousViolations(staff)).toEqual([]);
    await entry.getByRole('textbox', { name: /Note to the customer/ }).fill('Bring them to the store in their box.');
    await entry.getByRole('button', { name: 'Approve' }).click();
    await expect(entry.getByText('Approved', { exact: true })).toBeVisible();
    await expect(entry.getByRole('textbox', { name: /Back in stock: Kingston Runner \(9 \/ Black\)/ })).toHaveValue('1');
    await entry.getByRole('button', { name: 'Mark received' }).click();
    await expect(entry.getByText('Received', { exact: true })).toBeVisible();
    await expect(entry).toContainText('1 back in stock');

    const runner = await readApi<{ variants: { id: number; size: string | null; color: string | null }[] }>(staff, '/product/1/');
    const nineBlack = runner.variants.find((variant) => variant.size === '9' && variant.color === 'Black');
    const movements = await readApi<{ results: Movement[] }>(staff, `/admin/variants/${nineBlack?.id}/movements/?page=1&page_size=50`);
    expect(movements.results).toContainEqual(
      expect.objectContaining({ change: 1, kind: 'return', reason: 'Returned by the customer', order_number: orderNumber }),
    );

    await entry.getByRole('button', { name: 'Make exchange' }).click();
    await staff
      .getByRole('alertdialog', { name: `Make the exchange for ${returnNumber}?` })
      .getByRole('button', { name: 'Make exchange' })
      .click();
    await expect(entry.getByText('Exchanged', { exact: true })).toBeVisible();
    const exchangeOrder = entry.getByRole('link', { name: /^TL-/ }).last();
    await expect(exchangeOrder).toBeVisible();
    const exchangeNumber = (await exchangeOrder.textContent()) ?? '';
    expect(exchangeNumber).not.toBe(orderNumber);
    await staff.screenshot({ path: '/tmp/returns-back-office-desktop.png', fullPage: true });

    // The buyer sees the exchange and its order, and was told at each step.
    await customer.reload();
    const done = customer.getByRole('region', { name: 'Returns and exchanges' }).getByRole('listitem', { name: `Return ${returnNumber}` });
    await expect(done).toContainText('Exchanged');
    await expect(done).toContainText(`Replacement order ${exchangeNumber}`);
    await customer.screenshot({ path: '/tmp/returns-exchanged-phone.png', fullPage: true });
    await expect.poll(() => mailsTo(email).filter((mail) => mail.includes(returnNumber)).length).toBeGreaterThanOrEqual(4);

    await staff.context().close();
  });
});
