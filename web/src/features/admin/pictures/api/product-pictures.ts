import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminImage, AdminImages } from '@threadline/contracts';
import { apiGet, apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

const picturesKey = (productId: number) => [...adminQueryKey, 'pictures', productId] as const;

/** GET /admin/products/{id}/images/: the product and its pictures in storefront order. */
export const getProductPictures = (productId: number, signal?: AbortSignal) =>
  apiGet<AdminImages>(`/admin/products/${productId}/images/`, { signal });

export const useProductPictures = (productId: number) =>
  useQuery({ queryKey: picturesKey(productId), queryFn: ({ signal }) => getProductPictures(productId, signal) });

export type PictureChange =
  | { kind: 'upload'; file: File; altText: string; color: string }
  | { kind: 'order'; ids: number[] }
  | { kind: 'describe'; id: number; altText: string }
  | { kind: 'color'; id: number; color: string | null }
  | { kind: 'delete'; id: number };

/**
 * POST /admin/products/{id}/images/ (multipart), PUT …/images/order/, PATCH and DELETE
 * /admin/images/{id}/.
 */
export function changePicture(productId: number, change: PictureChange): Promise<AdminImage | AdminImages | undefined> {
  switch (change.kind) {
    case 'upload': {
      const form = new FormData();
      form.set('alt_text', change.altText);
      if (change.color !== '') form.set('color', change.color);
      form.set('file', change.file);
      return apiSend('POST', `/admin/products/${productId}/images/`, form);
    }
    case 'order':
      return apiSend('PUT', `/admin/products/${productId}/images/order/`, { ids: change.ids });
    case 'describe':
      return apiSend('PATCH', `/admin/images/${change.id}/`, { alt_text: change.altText });
    case 'color':
      return apiSend('PATCH', `/admin/images/${change.id}/`, { color: change.color });
    case 'delete':
      return apiSend('DELETE', `/admin/images/${change.id}/`);
  }
}

/** A change to a product's pictures; a new order is shown at once, and the pictures are read again after every change. */
export function useChangePicture(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PictureChange) => changePicture(productId, change),
    onMutate: (change) => {
      if (change.kind !== 'order') return;
      queryClient.setQueryData<AdminImages>(picturesKey(productId), (current) =>
        current ? { ...current, images: change.ids.flatMap((id) => current.images.filter((image) => image.id === id)) } : current,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: picturesKey(productId) }),
  });
}
