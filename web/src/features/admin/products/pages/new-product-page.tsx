import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { useAdminCategories } from '../../categories/api/get-admin-categories.ts';
import { saveErrorsOf, type SaveErrors } from '../../field-errors.ts';
import { useCreateAdminProduct } from '../api/save-admin-product.ts';
import { emptyProductForm, ProductForm, readProductForm, productFormFields } from '../components/product-form.tsx';

const noErrors: SaveErrors = { fields: {}, general: null };

/** /admin/products/new: a product with its variants in one save; it starts as a draft. */
export function NewProductPage() {
  const navigate = useNavigate();
  const categories = useAdminCategories();
  const create = useCreateAdminProduct();
  const [values, setValues] = useState(emptyProductForm);
  const [errors, setErrors] = useState<SaveErrors>(noErrors);

  const save = () => {
    const read = readProductForm(values);
    if (!read.body) {
      setErrors({ fields: read.errors, general: null });
      return;
    }
    setErrors(noErrors);
    create.mutate(read.body, {
      onSuccess: (product) => void navigate(`/admin/products/${product.id}`, { state: { created: true } }),
      onError: (error) => setErrors(saveErrorsOf(error, productFormFields)),
    });
  };

  return (
    <AdminPage title="New product">
      {categories.isPending ? (
        <ListLoading label="Loading categories..." rows={4} />
      ) : categories.isError ? (
        <LoadFailed error={categories.error} retry={() => void categories.refetch()} />
      ) : (
        <ProductForm
          values={values}
          onChange={setValues}
          categories={categories.data.results}
          errors={errors}
          saving={create.isPending}
          submitLabel="Create product"
          onSubmit={save}
          withVariants
        />
      )}
    </AdminPage>
  );
}
