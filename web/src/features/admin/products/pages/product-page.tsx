import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { AdminCategory, AdminProduct } from '@threadline/contracts';
import { Badge } from '@/components/ui/badge.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Notice, type NoticeMessage } from '@/components/ui/notice.tsx';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { useAdminCategories } from '../../categories/api/get-admin-categories.ts';
import { saveErrorsOf, type SaveErrors } from '../../field-errors.ts';
import { useDeleteAdminProduct } from '../api/delete-admin-product.ts';
import { useAdminProduct } from '../api/get-admin-product.ts';
import { useUpdateAdminProduct } from '../api/save-admin-product.ts';
import { ProductForm, readProductForm, productFormFields, productFormOf } from '../components/product-form.tsx';
import { VariantsTable } from '../components/variants-table.tsx';
import { statusLabels, statusTones } from '../product-status.ts';
import { ProductTabs } from '../product-tabs.tsx';

const noErrors: SaveErrors = { fields: {}, general: null };

function ProductEditor({ product, categories }: { product: AdminProduct; categories: AdminCategory[] }) {
  const navigate = useNavigate();
  const location = useLocation();
  const update = useUpdateAdminProduct(product.id);
  const remove = useDeleteAdminProduct(product.id);
  const [values, setValues] = useState(() => productFormOf(product));
  const [errors, setErrors] = useState<SaveErrors>(noErrors);
  const [notice, setNotice] = useState<NoticeMessage | null>(
    (location.state as { created?: boolean } | null)?.created ? { tone: 'success', text: 'Product created.' } : null,
  );
  const [confirmingRemove, setConfirmingRemove] = useState(false);

  const save = () => {
    setNotice(null);
    const read = readProductForm(values);
    // Nothing is sent when a field is refused, so no earlier 'saved' may stand beside the refusal.
    if (!read.body) {
      setErrors({ fields: read.errors, general: null });
      return;
    }
    setErrors(noErrors);
    const { variants: _variants, ...body } = read.body;
    update.mutate(body, {
      onSuccess: (saved) => {
        setValues(productFormOf(saved));
        setNotice({ tone: 'success', text: 'Product saved.' });
      },
      onError: (error) => setErrors(saveErrorsOf(error, productFormFields)),
    });
  };
  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: ({ outcome }) => {
        setConfirmingRemove(false);
        if (outcome === 'deleted') void navigate('/admin/products', { replace: true });
        else {
          setValues((current) => ({ ...current, status: 'archived' }));
          setNotice({ tone: 'success', text: 'The product is on orders, so it was archived: it is no longer in the shop.' });
        }
      },
      onError: (error) => {
        setConfirmingRemove(false);
        setNotice({ tone: 'error', text: error.message });
      },
    });

  return (
    <AdminPage
      title={product.name}
      actions={
        <>
          {product.status === 'active' ? (
            <Link to={`/product/${product.id}`} className={buttonClass('secondary')}>
              View in shop
            </Link>
          ) : null}
          <button type="button" className={buttonClass('secondary')} onClick={() => setConfirmingRemove(true)}>
            {product.ordered ? 'Archive' : 'Delete'}
          </button>
        </>
      }
    >
      <p className="-mt-3 flex flex-wrap items-center gap-2 text-sm text-stone-600">
        <Badge tone={statusTones[product.status]}>{statusLabels[product.status]}</Badge>
        <span>{product.category.name}</span>
      </p>
      <ProductTabs productId={product.id} />
      <ProductForm
        values={values}
        onChange={setValues}
        categories={categories}
        errors={errors}
        saving={update.isPending}
        submitLabel="Save product"
        onSubmit={save}
        withVariants={false}
      />
      <VariantsTable productId={product.id} variants={product.variants} onNotice={setNotice} />
      <ConfirmDialog
        open={confirmingRemove}
        title={product.ordered ? `Archive ${product.name}?` : `Delete ${product.name}?`}
        message={
          product.ordered
            ? 'It is on orders, so it will be archived: no longer in the shop, its orders kept as they are.'
            : 'It was never ordered, so it will be deleted with its variants and pictures.'
        }
        confirmLabel={product.ordered ? 'Archive' : 'Delete'}
        busyLabel="Working..."
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setConfirmingRemove(false)}
      />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
    </AdminPage>
  );
}

/** /admin/products/:id: the product's details and variants. */
export function ProductPage() {
  const id = Number(useParams().id);
  const product = useAdminProduct(id);
  const categories = useAdminCategories();
  if (product.isPending || categories.isPending) {
    return (
      <AdminPage title="Product">
        <ListLoading label="Loading the product..." rows={6} />
      </AdminPage>
    );
  }
  if (product.isError || categories.isError) {
    return (
      <AdminPage title="Product">
        <LoadFailed error={product.error ?? categories.error} retry={() => void Promise.all([product.refetch(), categories.refetch()])} />
      </AdminPage>
    );
  }
  // Keyed by id, so opening another product starts its form afresh.
  return <ProductEditor key={product.data.id} product={product.data} categories={categories.data.results} />;
}
