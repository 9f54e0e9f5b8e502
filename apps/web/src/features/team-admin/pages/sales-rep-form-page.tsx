import { can, type UserDetails, type UserUpsertBody, userUpsertBodySchema } from '@incentive/contracts';
import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/admin/page-loader.tsx';
import { fieldErrors } from '../../../components/admin/server-errors.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { homePath, parseId, paths } from '../../../lib/paths.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { FormFrame } from '../components/form-frame.tsx';
import { WarehousePicker } from '../components/warehouse-picker.tsx';
import { useFromWarehouse } from '../hooks/use-from-warehouse.ts';

type RepRole = 'seller' | 'seller_reg';

interface Values {
  name: string;
  surname: string;
  assecoId: string;
  email: string;
  phone: string;
  warehouse_ids: number[];
}

const FIELDS = ['name', 'surname', 'assecoId', 'email', 'phone', 'warehouse_ids'] as const;

/**
 * `/sales-rep/create` (PH), `/sales-rep/create-rks` (regional manager) and `/sales-rep/{id}` (edit).
 * SPEC.md sections 2, 4 and 5: the single/multiple warehouse toggle (regional managers, who may have
 * several) clears the choice; a wholesaler's picker is preset and disabled; close leads to the
 * wholesaler's warehouse or the dashboard. A PH never sees this form (the server lets no seller edit).
 */
export function SalesRepFormPage({ kind }: { kind: 'ph' | 'rks' | 'edit' }) {
  const me = useCurrentUser();
  const rawId = useParams().id;
  const id = kind === 'edit' ? parseId(rawId) : null;
  const user = useUser(id);
  const home = homePath(me);
  useLoadFailureRedirect(user.error, 'salesRep.toast.errorDetails', home);

  if (kind === 'edit') {
    if (id === null) return <Navigate to={home} replace />;
    if (!user.data) return <PageLoader />;
    if (user.data.role !== 'seller' && user.data.role !== 'seller_reg')
      return <Navigate to={paths.adminEdit(id)} replace />;
    return <SalesRepForm key={id} role={user.data.role} existing={user.data} />;
  }
  return <SalesRepForm key={kind} role={kind === 'rks' ? 'seller_reg' : 'seller'} existing={null} />;
}

function SalesRepForm({ role, existing }: { role: RepRole; existing: UserDetails | null }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const { id: fromWarehouse, record: fromWarehouseRecord } = useFromWarehouse();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();

  // A wholesaler's picker is disabled and preset; a seller never sees this form (SPEC.md section 6).
  const presetWarehouse = !can(me.role, 'forms.pickWarehouse');
  const canBeMultiple = role === 'seller_reg';

  // A wholesaler's picker is preset to its own warehouse (the one it came from, when it is one of its own).
  const wholesalerPreset =
    fromWarehouse !== null && me.wholesaler_ids.includes(fromWarehouse) ? fromWarehouse : me.wholesaler_ids[0];
  const initialWarehouses = existing
    ? existing.warehouses.map((w) => w.id)
    : presetWarehouse && wholesalerPreset !== undefined
      ? [wholesalerPreset]
      : fromWarehouse !== null
        ? [fromWarehouse]
        : [];
  const [multiple, setMultiple] = useState(canBeMultiple && initialWarehouses.length > 1);

  const form = useForm<Values>({
    initialValues: {
      name: existing?.name ?? '',
      surname: existing?.surname ?? '',
      assecoId: existing?.asseco_id ?? '',
      email: existing?.email ?? '',
      phone: existing?.phone ?? '',
      warehouse_ids: initialWarehouses,
    },
    validate: (values) => zodValidate(userUpsertBodySchema)(toBody(values)),
  });

  function toBody(values: Values): UserUpsertBody {
    return {
      name: values.name,
      surname: values.surname,
      assecoId: values.assecoId.trim() || null,
      email: values.email,
      phone: values.phone.trim() || null,
      warehouse_ids: values.warehouse_ids,
      isSalesReg: role === 'seller_reg',
      role,
    };
  }

  const closeTo = homePath(me);
  const doneTo = (): string => {
    if (fromWarehouse !== null) return paths.warehouseDetails(fromWarehouse, { tab: 'ph' });
    if (presetWarehouse && wholesalerPreset !== undefined)
      return paths.warehouseDetails(wholesalerPreset, { tab: 'ph' });
    return paths.dashboard({ tab: role === 'seller' ? 'sales-reps' : 'registered' });
  };

  const submit = form.onSubmit((values) => {
    const handlers = {
      onSuccess: (res: { message?: string }) => {
        toastSuccess(res.message || t(existing ? 'salesRep.toast.successEdit' : 'salesRep.toast.successCreate'));
        navigate(doneTo());
      },
      onError: (err: unknown) => {
        form.setErrors(fieldErrors(failureOf(err), FIELDS));
        toastFailure(failureOf(err), existing ? 'salesRep.toast.errorEdit' : 'salesRep.toast.errorCreate');
      },
    };
    if (existing) updateUser.mutate({ id: existing.id, body: toBody(values) }, handlers);
    else createUser.mutate(toBody(values), handlers);
  });

  const title = existing
    ? t(role === 'seller_reg' ? 'salesRep.editRksTitle' : 'salesRep.editTitle')
    : t(role === 'seller_reg' ? 'salesRep.createRksTitle' : 'salesRep.createTitle');
  const known = [
    ...(existing?.warehouses ?? []),
    ...me.warehouses,
    ...(fromWarehouseRecord ? [fromWarehouseRecord] : []),
  ].map((w) => ({ id: w.id, label: w.name }));
  const warehouseError = typeof form.errors.warehouse_ids === 'string' ? form.errors.warehouse_ids : undefined;

  return (
    <FormFrame title={title} closeTo={closeTo} onSubmit={submit} busy={createUser.isPending || updateUser.isPending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('salesRep.fields.name')} required autoComplete="off" {...form.getInputProps('name')} />
        <TextInput
          label={t('salesRep.fields.surname')}
          required
          autoComplete="off"
          {...form.getInputProps('surname')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('salesRep.fields.assecoId')}
          // Not required for a regional manager (SPEC.md section 5).
          required={role === 'seller'}
          autoComplete="off"
          {...form.getInputProps('assecoId')}
        />
        <TextInput
          label={t('salesRep.fields.email')}
          type="email"
          required
          autoComplete="off"
          {...form.getInputProps('email')}
        />
      </SimpleGrid>
      <TextInput label={t('salesRep.fields.phone')} type="tel" autoComplete="off" {...form.getInputProps('phone')} />
      {canBeMultiple && !presetWarehouse && (
        <Switch
          label={t('warehouse.picker.multiple')}
          checked={multiple}
          onChange={(e) => {
            setMultiple(e.currentTarget.checked);
            // Switching between one and several warehouses clears the choice (SPEC.md section 4).
            form.setFieldValue('warehouse_ids', []);
          }}
        />
      )}
      <WarehousePicker
        multiple={multiple}
        value={form.values.warehouse_ids}
        onChange={(ids) => form.setFieldValue('warehouse_ids', ids)}
        known={known}
        error={warehouseError}
        disabled={presetWarehouse}
        required
      />
    </FormFrame>
  );
}
