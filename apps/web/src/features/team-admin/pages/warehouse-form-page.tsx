import { type WarehouseUpsertBody, warehouseUpsertBodySchema } from '@incentive/contracts';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/admin/page-loader.tsx';
import { fieldErrors } from '../../../components/admin/server-errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { parseId, paths } from '../../../lib/paths.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { useCreateWarehouse } from '../api/create-warehouse.ts';
import { useWarehouse } from '../api/get-warehouse.ts';
import { useWarehouseUsers } from '../api/get-warehouse-users.ts';
import { useUpdateWarehouse } from '../api/update-warehouse.ts';
import { AdminUsersPicker } from '../components/admin-users-picker.tsx';
import { FormFrame } from '../components/form-frame.tsx';

interface Values {
  assecoId: string;
  name: string;
  address: string;
  nip: string;
  email: string;
  admins_ids: number[];
}

const FIELDS = ['assecoId', 'name', 'address', 'nip', 'email', 'admins_ids'] as const;
const EMPTY: Values = { assecoId: '', name: '', address: '', nip: '', email: '', admins_ids: [] };

/** `/warehouse/create` and `/warehouse/{id}`: asseco id, name, address, optional NIP and e-mail, and its admins. */
export function WarehouseFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rawId = useParams().id;
  const id = rawId === undefined ? null : parseId(rawId);
  const editing = rawId !== undefined;
  const warehouse = useWarehouse(id);
  const admins = useWarehouseUsers(id, {
    page: 1,
    per_page: 100,
    sort: 'name',
    order: 'asc',
    search: undefined,
    role: 'wholesaler',
  });
  useLoadFailureRedirect(
    warehouse.error ?? (editing && id === null ? new Error('bad id') : null),
    'warehouse.toast.errorDetails',
    paths.dashboard(),
  );
  const createWarehouse = useCreateWarehouse();
  const updateWarehouse = useUpdateWarehouse();
  const form = useForm<Values>({ initialValues: EMPTY, validate: zodValidate(warehouseUpsertBodySchema) });

  const loaded = warehouse.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once, when the record arrives.
  useEffect(() => {
    if (!loaded) return;
    const values: Values = {
      assecoId: loaded.asseco_id,
      name: loaded.name,
      address: loaded.address,
      nip: loaded.nip ?? '',
      email: loaded.email ?? '',
      admins_ids: loaded.admins_ids,
    };
    form.setValues(values);
    form.resetDirty(values);
  }, [loaded]);

  if (editing && !loaded) return <PageLoader />;

  const submit = form.onSubmit((values) => {
    const body: WarehouseUpsertBody = {
      ...values,
      nip: values.nip.trim() || null,
      email: values.email.trim() || null,
    };
    const handlers = {
      onSuccess: () => {
        toastSuccess(t(id === null ? 'warehouse.toast.successCreate' : 'warehouse.toast.successEdit'));
        navigate(paths.dashboard({ tab: 'warehouses' }));
      },
      onError: (err: unknown) => {
        form.setErrors(fieldErrors(failureOf(err), FIELDS));
        toastFailure(failureOf(err), id === null ? 'warehouse.toast.errorCreate' : 'warehouse.toast.errorEdit');
      },
    };
    if (id === null) createWarehouse.mutate(body, handlers);
    else updateWarehouse.mutate({ id, body }, handlers);
  });

  return (
    <FormFrame
      title={t(id === null ? 'warehouse.createTitle' : 'warehouse.editTitle')}
      closeTo={paths.dashboard()}
      onSubmit={submit}
      busy={createWarehouse.isPending || updateWarehouse.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('warehouse.fields.assecoId')} required {...form.getInputProps('assecoId')} />
        <TextInput label={t('warehouse.fields.name')} required {...form.getInputProps('name')} />
      </SimpleGrid>
      <TextInput label={t('warehouse.fields.address')} required {...form.getInputProps('address')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('warehouse.fields.nip')} inputMode="numeric" {...form.getInputProps('nip')} />
        <TextInput label={t('warehouse.fields.email')} type="email" {...form.getInputProps('email')} />
      </SimpleGrid>
      <AdminUsersPicker
        value={form.values.admins_ids}
        onChange={(ids) => form.setFieldValue('admins_ids', ids)}
        known={(admins.data?.data ?? []).map((u) => ({ id: u.id, label: `${u.name} (${u.email})` }))}
        error={typeof form.errors.admins_ids === 'string' ? form.errors.admins_ids : undefined}
      />
    </FormFrame>
  );
}
