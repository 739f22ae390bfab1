import type { AdminImage } from '@threadline/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Notice, type NoticeMessage } from '@/components/ui/notice.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { useChangePicture, useProductPictures, type PictureChange } from '../api/product-pictures.ts';
import { PictureCard } from '../components/picture-card.tsx';
import { UploadPictureForm } from '../components/upload-picture-form.tsx';
import { ProductTabs } from '../../products/product-tabs.tsx';

const failureText = (error: unknown) =>
  error instanceof ApiError && error.status !== 0 ? error.message : 'Could not reach the shop. Check your connection and try again.';

/** A product's pictures: upload, put in order (the first is the main picture), describe, delete. */
export function ProductPicturesPage() {
  const productId = Number(useParams().id);
  const pictures = useProductPictures(productId);
  const change = useChangePicture(productId);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [deleting, setDeleting] = useState<AdminImage | null>(null);
  const [moved, setMoved] = useState('');
  const images = pictures.data?.images ?? [];

  const run = async (request: PictureChange, success: string) => {
    setNotice(null);
    try {
      await change.mutateAsync(request);
      setNotice({ tone: 'success', text: success });
      return true;
    } catch (error) {
      setNotice({ tone: 'error', text: failureText(error) });
      return false;
    }
  };

  const move = (from: number, to: number) => {
    const ids = images.map((image) => image.id);
    const [id] = ids.splice(from, 1);
    if (id === undefined) return;
    ids.splice(to, 0, id);
    setMoved(`Moved to place ${to + 1} of ${ids.length}${to === 0 ? ': now the main picture' : ''}.`);
    void run({ kind: 'order', ids }, 'Picture order saved: the shop shows the pictures in this order.');
  };

  return (
    <AdminPage title={pictures.data ? `Pictures of ${pictures.data.product.name}` : 'Product pictures'}>
      <ProductTabs productId={productId} />
      {pictures.isPending ? (
        <ListLoading label="Loading the pictures..." rows={3} />
      ) : pictures.isError ? (
        <LoadFailed error={pictures.error} retry={() => void pictures.refetch()} />
      ) : (
        <>
          <UploadPictureForm
            uploading={change.isPending && change.variables.kind === 'upload'}
            colors={pictures.data.product.colors}
            onUpload={(file, altText, color) => run({ kind: 'upload', file, altText, color }, 'Picture added: it is last in the order.')}
          />
          <output className="sr-only">{moved}</output>
          {images.length === 0 ? (
            <ListEmpty>No pictures yet: the shop shows a placeholder. Add the first one above.</ListEmpty>
          ) : (
            <ol className="space-y-3" aria-label="Pictures in shop order">
              {images.map((image, index) => (
                <PictureCard
                  key={image.id}
                  image={image}
                  index={index}
                  count={images.length}
                  busy={change.isPending}
                  onMove={move}
                  onDescribe={(target, altText) => run({ kind: 'describe', id: target.id, altText }, 'Alt text saved.')}
                  colors={pictures.data.product.colors}
                  onColor={(target, color) =>
                    run(
                      { kind: 'color', id: target.id, color },
                      color === null
                        ? 'Picture colour saved: it shows with every colour.'
                        : `Picture colour saved: the product page shows it when a shopper picks ${color}.`,
                    )
                  }
                  onDelete={setDeleting}
                />
              ))}
            </ol>
          )}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this picture?"
        message="It goes from the shop at once and cannot be brought back; upload it again to restore it."
        confirmLabel="Delete picture"
        busyLabel="Deleting…"
        busy={change.isPending && change.variables.kind === 'delete'}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          void run({ kind: 'delete', id: deleting.id }, 'Picture deleted.').then(() => setDeleting(null));
        }}
      />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
    </AdminPage>
  );
}
