import { defaultStoreSettings, type StoreSettings } from '@threadline/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '@/test/render-shop.tsx';
import { LegalPage } from './legal-page.tsx';

/** The owner moved the store and changed its e-mail: the policies name the store as it is now. */
const ownerSettings: StoreSettings = {
  ...defaultStoreSettings,
  store: {
    ...defaultStoreSettings.store,
    street: '7 Harbour Street',
    city: 'Half Way Tree',
    parish: 'St. Andrew',
    email: 'shop@harbour.example',
    chat_number: '+1 876 555 0177',
  },
};

const tabNames = ['Terms of Service', 'Privacy Policy', 'Returns & Refunds Policy', 'Cookies Policy', 'Accessibility Statement'];

/** The page at `path`, once the store's details it names have loaded. */
async function renderLegal(path: string) {
  const router = createMemoryRouter([{ path: '/legal', element: <LegalPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('tablist', { name: 'Legal documents' });
  return router;
}

describe('legal page', () => {
  beforeEach(() => {
    stubApi([[/^\/api\/store\/$/, () => ownerSettings]]);
  });

  it('lists five tabs and opens the Terms of Service by default', async () => {
    await renderLegal('/legal');
    const tablist = screen.getByRole('tablist', { name: 'Legal documents' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(tabNames);

    const terms = screen.getByRole('tab', { name: 'Terms of Service' });
    expect(terms).toHaveAttribute('aria-selected', 'true');
    expect(terms).toHaveAttribute('tabindex', '0');
    const panel = screen.getByRole('tabpanel', { name: 'Terms of Service' });
    expect(terms).toHaveAttribute('aria-controls', panel.id);
    expect(within(panel).getByRole('heading', { level: 2, name: 'Terms of Service' })).toBeVisible();
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Terms of Service | Threadline'));
  });

  it('opens the tab named in the URL, with the return policy of SPEC §9', async () => {
    await renderLegal('/legal?tab=returns');
    expect(screen.getByRole('tab', { name: 'Returns & Refunds Policy' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Returns & Refunds Policy' });
    expect(panel).toHaveTextContent(/14 days from the day your order is delivered/);
    expect(panel).toHaveTextContent(/new and unopened/);
    expect(panel).toHaveTextContent(/original payment method within 7 business days/);
    expect(panel).toHaveTextContent(/You pay the cost of sending an item back, unless we made a mistake/);
    expect(panel).toHaveTextContent(/within 1-2 business days after payment/);
    expect(panel).toHaveTextContent('e-mail shop@harbour.example or message us on WhatsApp at +1 876 555 0177');
    expect(panel).toHaveTextContent('Bring the items to our store at 7 Harbour Street, Half Way Tree, St. Andrew, Jamaica');
    const questions = screen.getByRole('complementary', { name: 'Questions about our policies?' });
    expect(questions).toHaveTextContent('Threadline Clothing & Merchandise Ltd., 7 Harbour Street, Half Way Tree, St. Andrew, Jamaica');
    expect(within(questions).getByRole('link', { name: 'shop@harbour.example' })).toHaveAttribute('href', 'mailto:shop@harbour.example');
    expect(screen.queryByText(defaultStoreSettings.store.street, { exact: false })).toBeNull();
  });

  it('states the children threshold in the privacy policy', async () => {
    await renderLegal('/legal?tab=privacy');
    expect(screen.getByRole('tabpanel', { name: 'Privacy Policy' })).toHaveTextContent(/children under 13/);
  });

  it('falls back to the Terms of Service for an unknown tab', async () => {
    await renderLegal('/legal?tab=nonsense');
    expect(screen.getByRole('tab', { name: 'Terms of Service' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between tabs with the arrow keys, Home and End, keeping the URL in step', async () => {
    const user = userEvent.setup();
    const router = await renderLegal('/legal');
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Terms of Service' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    const privacy = screen.getByRole('tab', { name: 'Privacy Policy' });
    expect(privacy).toHaveFocus();
    expect(privacy).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Privacy Policy' })).toBeVisible();
    expect(router.state.location.search).toBe('?tab=privacy');

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Returns & Refunds Policy' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Accessibility Statement' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Terms of Service' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Accessibility Statement' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=accessibility');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Terms of Service' })).toHaveAttribute('aria-selected', 'true');

    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Terms of Service' })).toHaveFocus();
  });

  it('switches tabs by click', async () => {
    const user = userEvent.setup();
    const router = await renderLegal('/legal');
    await user.click(screen.getByRole('tab', { name: 'Cookies Policy' }));
    expect(screen.getByRole('tabpanel', { name: 'Cookies Policy' })).toHaveTextContent(/csrftoken/);
    expect(router.state.location.search).toBe('?tab=cookies');
  });
});
