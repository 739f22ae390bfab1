import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminImage, AdminImages } from '@threadline/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/render-shop.tsx';
import { ProductPicturesPage } from './product-pictures-page.tsx';

const image = (id: number, altText: string): AdminImage => ({
  id,
  position: id,
  image: `/static/media/products/p-${id}-640.webp`,
  srcset: `/static/media/products/p-${id}-320.webp 320w`,
  alt_text: altText,
  width: 960,
  height: 960,
  color: null,
});
const session: [RegExp, () => Response] = [/^\/api\/csrf\//, () => new Response('{}', { headers: { 'X-Session-Key': 'session-1' } })];

function renderPicturesPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/products/:id/pictures', element: <ProductPicturesPage /> }], {
    initialEntries: ['/admin/products/7/pictures'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const callsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith(path) && (init?.method ?? 'GET') === method);

beforeEach(() => {
  document.cookie = 'csrftoken=token-1';
});
afterEach(() => vi.unstubAllGlobals());

describe('the product pictures page', () => {
  it('lists the pictures in shop order and moves one down with the keyboard', async () => {
    let pictures: AdminImages = { product: { id: 7, name: 'Harbour Tee', colors: [] }, images: [image(1, 'Front'), image(2, 'Back')] };
    const fetchMock = stubApi([
      session,
      [
        /^\/api\/admin\/products\/7\/images\/order\//,
        (_url, init) => {
          const { ids } = JSON.parse(String(init?.body)) as { ids: number[] };
          pictures = { ...pictures, images: ids.flatMap((id) => pictures.images.filter((entry) => entry.id === id)) };
          return pictures;
        },
      ],
      [/^\/api\/admin\/products\/7\/images\//, () => pictures],
    ]);
    renderPicturesPage();
    expect(await screen.findByRole('heading', { name: 'Pictures of Harbour Tee' })).toBeVisible();
    const list = screen.getByRole('list', { name: 'Pictures in shop order' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((shown) => shown.getAttribute('alt')),
    ).toEqual(['Front', 'Back']);
    expect(screen.getByRole('button', { name: 'Move Front up' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move Front down' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('img')
          .map((shown) => shown.getAttribute('alt')),
      ).toEqual(['Back', 'Front']),
    );
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/images/order/')[0]?.[1]?.body))).toEqual({ ids: [2, 1] });
    expect(await screen.findByText('Picture order saved: the shop shows the pictures in this order.')).toBeVisible();
  }, 20_000);

  it('uploads a picture as a multipart form with its alt text, saying so while it runs', async () => {
    let answer: (value: Response) => void = () => undefined;
    const fetchMock = stubApi([
      session,
      [
        /^\/api\/admin\/products\/7\/images\/$/,
        (_url, init) =>
          init?.method === 'POST'
            ? new Promise<Response>((resolve) => (answer = resolve))
            : { product: { id: 7, name: 'Harbour Tee', colors: [] }, images: [] },
      ],
    ]);
    renderPicturesPage();
    expect(await screen.findByText(/No pictures yet/)).toBeVisible();
    await userEvent.upload(
      screen.getByLabelText(/Picture file/),
      new File([new Uint8Array([137, 80, 78, 71])], 'tee.png', { type: 'image/png' }),
    );
    await userEvent.type(screen.getByLabelText('Alt text'), 'Harbour Tee, folded');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('button', { name: 'Uploading…' })).toBeDisabled();
    const form = callsTo(fetchMock, 'POST', '/admin/products/7/images/')[0]?.[1]?.body as FormData;
    expect(form.get('alt_text')).toBe('Harbour Tee, folded');
    expect((form.get('file') as File).name).toBe('tee.png');
    answer(json({ error: 'Please upload an image file (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF).' }, 400));
    // The alert region is always in the page (screen readers notice what is put in it later).
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please upload an image file'));
  }, 20_000);

  it('deletes a picture only after it is confirmed', async () => {
    const fetchMock = stubApi([
      session,
      [/^\/api\/admin\/images\/1\//, () => Response.json({ deleted: true })],
      [
        /^\/api\/admin\/products\/7\/images\//,
        () => ({ product: { id: 7, name: 'Harbour Tee', colors: [] }, images: [image(1, 'Front')] }),
      ],
    ]);
    renderPicturesPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Front' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this picture?' });
    expect(callsTo(fetchMock, 'DELETE', '/admin/images/1/')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete picture' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/admin/images/1/')).toHaveLength(1));
    expect(await screen.findByText('Picture deleted.')).toBeVisible();
  }, 20_000);

  it("ties a picture to one of the product's colours from its own select", async () => {
    let pictures: AdminImages = { product: { id: 7, name: 'Harbour Tee', colors: ['Black', 'Red'] }, images: [image(1, 'Front')] };
    const fetchMock = stubApi([
      session,
      [
        /^\/api\/admin\/images\/1\/$/,
        (_url, init) => {
          const { color } = JSON.parse(String(init?.body)) as { color: string | null };
          pictures = { ...pictures, images: pictures.images.map((entry) => ({ ...entry, color })) };
          return pictures.images[0];
        },
      ],
      [/^\/api\/admin\/products\/7\/images\//, () => pictures],
    ]);
    renderPicturesPage();
    const list = await screen.findByRole('list', { name: 'Pictures in shop order' });
    const colour = within(list).getByRole('combobox', { name: 'Colour it shows' });
    expect(
      within(colour)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No one colour', 'Black', 'Red']);
    await userEvent.selectOptions(colour, 'Red');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/admin/images/1/')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH', '/admin/images/1/')[0]?.[1]?.body))).toEqual({ color: 'Red' });
    expect(await screen.findByText('Picture colour saved: the product page shows it when a shopper picks Red.')).toBeVisible();
    await waitFor(() => expect(within(list).getByRole('combobox', { name: 'Colour it shows' })).toHaveValue('Red'));
  }, 20_000);
});
