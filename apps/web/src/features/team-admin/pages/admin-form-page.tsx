import { can, type Role, type UserDetails, type UserUpsertBody, userUpsertBodySchema } from '@incentive/contracts';
import { Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/admin/page-loader.tsx';
import { fieldErrors } from '../../../components/admin/server-errors.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { i18n, useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { parseId, paths } from '../../../lib/paths.ts';
import { toastError, toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { FormFrame } from '../components/form-frame.tsx';
import { WarehousePicker } from '../components/warehouse-picker.tsx';
import { useFromWarehouse } from '../hooks/use-from-warehouse.ts';

interface Values {
  name: string;
  email: string;
  warehouseAdmin: boolean;
  providerAdmin: boolean;
  warehouse_ids: number[];
}

const FIELDS = ['name', 'email', 'warehouse_ids'] as const;
const ADMIN_ROLES: readonly Role[] = ['admin', 'provider_admin', 'wholesaler'];

/** `/admin/create` and `/admin/{id}`: login, e-mail, and the exclusive warehouse-admin / provider-admin boxes. */
export function AdminFormPage() {
  const rawId = useParams().id;
  const editing = rawId !== undefined;
  const id = editing ? parseId(rawId) : null;
  const user = useUser(id);
  useLoadFailureRedirect(user.error, 'admin.toast.errorDetails', paths.dashboard());
  if (editing) {
    if (id === null) return <Navigate to={paths.dashboard()} replace />;
    if (!user.data) return <PageLoader />;
    if (!ADMIN_ROLES.includes(user.data.role)) return <Navigate to={paths.salesRepEdit(id)} replace />;
    return <AdminForm key={id} existing={user.data} />;
  }
  return <AdminForm existing={null} />;
}

function AdminForm({ existing }: { existing: UserDetails | null }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const { id: fromWarehouse, record: fromWarehouseRecord } = useFromWarehouse();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const saving = createUser.isPending || updateUser.isPending;

  // A regional manager creates warehouse admins only; plain admins only an admin.
  const onlyWarehouseAdmin = !can(me.role, 'admins.createProvider');
  const startsAsWarehouseAdmin = existing
    ? existing.role === 'wholesaler'
    : onlyWarehouseAdmin || fromWarehouse !== null;
  const form = useForm<Values>({
    initialValues: {
      name: existing?.name ?? '',
      email: existing?.email ?? '',
      warehouseAdmin: startsAsWarehouseAdmin,
      providerAdmin: existing?.role === 'provider_admin',
      warehouse_ids: existing ? existing.warehouses.map((w) => w.id) : fromWarehouse !== null ? [fromWarehouse] : [],
    },
    validate: (values) => {
      const errors = zodValidate(userUpsertBodySchema)(toBody(values));
      // The login is the name field of the body: its own message.
      if (errors.name) errors.name = i18n.t('validation.loginRequired');
      // A missing warehouse is told by a toast (SPEC.md section 5), not under the field.
      delete errors.warehouse_ids;
      return errors;
    },
  });

  function roleOf(values: Values): Exclude<Role, 'root'> {
    if (values.warehouseAdmin) return 'wholesaler';
    if (values.providerAdmin) return 'provider_admin';
    return 'admin';
  }
  function toBody(values: Values): UserUpsertBody {
    const role = roleOf(values);
    return {
      name: values.name,
      email: values.email,
      role,
      warehouse_ids: role === 'wholesaler' ? values.warehouse_ids : [],
    };
  }

  const backTo = fromWarehouse !== null ? paths.warehouseDetails(fromWarehouse, { tab: 'admins' }) : paths.dashboard();

  const submit = form.onSubmit((values) => {
    if (values.warehouseAdmin && values.warehouse_ids.length === 0) return toastError(t('admin.toast.selectWarehouse'));
    const role = roleOf(values);
    if (role === 'admin' && !can(me.role, 'admins.createPlain') && existing?.role !== 'admin') {
      return toastError(t('admin.toast.selectRole'));
    }
    const body = toBody(values);
    const firstWarehouse = role === 'wholesaler' ? body.warehouse_ids?.[0] : undefined;
    const handlers = {
      onSuccess: (res: { message?: string }) => {
        toastSuccess(res.message || t(existing ? 'admin.toast.successEdit' : 'admin.toast.successCreate'));
        navigate(
          fromWarehouse !== null
            ? backTo
            : firstWarehouse
              ? paths.warehouseDetails(firstWarehouse, { tab: 'admins' })
              : paths.dashboard(),
        );
      },
      onError: (err: unknown) => {
        form.setErrors(fieldErrors(failureOf(err), FIELDS));
        toastFailure(failureOf(err), existing ? 'admin.toast.errorEdit' : 'admin.toast.errorCreate');
      },
    };
    if (existing) updateUser.mutate({ id: existing.id, body }, handlers);
    else createUser.mutate(body, handlers);
  });

  const known = [
    ...(existing?.warehouses ?? []),
    ...me.warehouses,
    ...(fromWarehouseRecord ? [fromWarehouseRecord] : []),
  ].map((w) => ({ id: w.id, label: w.name }));

  return (
    <FormFrame
      title={t(existing ? 'admin.editTitle' : 'admin.createTitle')}
      closeTo={backTo}
      onSubmit={submit}
      busy={saving}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('admin.login')} required autoComplete="off" {...form.getInputProps('name')} />
        <TextInput label={t('admin.email')} type="email" required autoComplete="off" {...form.getInputProps('email')} />
      </SimpleGrid>
      <Stack gap="xs">
        <Group gap="lg">
          <Checkbox
            label={t('admin.warehouseAdmin')}
            checked={form.values.warehouseAdmin}
            disabled={onlyWarehouseAdmin}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              form.setFieldValue('warehouseAdmin', checked);
              // The boxes exclude each other; unticking clears the warehouses (SPEC.md section 4).
              if (checked) form.setFieldValue('providerAdmin', false);
              else form.setFieldValue('warehouse_ids', []);
            }}
          />
          {!onlyWarehouseAdmin && (
            <Checkbox
              label={t('admin.providerAdmin')}
              checked={form.values.providerAdmin}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                form.setFieldValue('providerAdmin', checked);
                // Ticking provider admin clears the warehouse choice.
                if (checked) {
                  form.setFieldValue('warehouseAdmin', false);
                  form.setFieldValue('warehouse_ids', []);
                }
              }}
            />
          )}
        </Group>
        {can(me.role, 'admins.createPlain') && (
          <Text fz="xs" c="dimmed">
            {t('admin.roleHint')}
          </Text>
        )}
      </Stack>
      {form.values.warehouseAdmin && (
        <WarehousePicker
          multiple
          value={form.values.warehouse_ids}
          onChange={(ids) => form.setFieldValue('warehouse_ids', ids)}
          known={known}
          required
        />
      )}
    </FormFrame>
  );
}
