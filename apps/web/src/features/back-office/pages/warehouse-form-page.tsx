import { type WarehouseUpsertBody, warehouseUpsertBodySchema } from '@incentive/contracts';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { useWarehouse } from '../api/get-warehouse.ts';
import { useWarehouseUsers } from '../api/get-warehouse-users.ts';
import { QK } from '../api/paths.ts';
import { createWarehouse, updateWarehouse } from '../api/upsert-warehouse.ts';
import { AdminUsersPicker } from '../components/admin-users-picker.tsx';
import { FormFrame } from '../components/form-frame.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { fieldErrors } from '../components/server-errors.ts';
import { useLoadFailureRedirect } from '../hooks/use-load-failure-redirect.ts';
import { parseId } from '../permissions.ts';

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
  const queryClient = useQueryClient();
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
    '/dashboard',
  );
  const [busy, setBusy] = useState(false);
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

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    const body: WarehouseUpsertBody = {
      ...values,
      nip: values.nip.trim() || null,
      email: values.email.trim() || null,
    };
    const res = id === null ? await createWarehouse(body) : await updateWarehouse(id, body);
    setBusy(false);
    if (!res.isSuccess) {
      form.setErrors(fieldErrors(res, FIELDS));
      return toastFailure(res, id === null ? 'warehouse.toast.errorCreate' : 'warehouse.toast.errorEdit');
    }
    toastSuccess(t(id === null ? 'warehouse.toast.successCreate' : 'warehouse.toast.successEdit'));
    await queryClient.invalidateQueries({ queryKey: QK.warehouses });
    await queryClient.invalidateQueries({ queryKey: QK.users });
    navigate('/dashboard?tab=warehouses');
  });

  return (
    <FormFrame
      title={t(id === null ? 'warehouse.createTitle' : 'warehouse.editTitle')}
      closeTo="/dashboard"
      onSubmit={submit}
      busy={busy}
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
