import { can, type User, type UserListItem, type UserSort } from '@incentive/contracts';
import { Stack } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useNavigate } from 'react-router';
import { confirmDelete } from '../../../components/admin/confirm-delete.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { PagedTable } from '../../../components/table/paged-table.tsx';
import { TableToolbar } from '../../../components/table/table-toolbar.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { paths } from '../../../lib/paths.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useWarehouseUsers } from '../api/get-warehouse-users.ts';

const ADMIN_SORT_FIELDS = ['id', 'name', 'email', 'last_login_at'] as const satisfies readonly UserSort[];

/** A warehouse's admins (GET /api/warehouses/{id}/users?role=wholesaler) with edit and delete for those who manage them. */
export function AdminTable({ me, warehouseId }: { me: User; warehouseId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deleteUser = useDeleteUser();
  const state = useTableState<UserSort>('id');
  const list = useWarehouseUsers(warehouseId, { ...state.params, role: 'wholesaler' });
  useErrorToast(list.error, 'warehouse.toast.errorAdminsList');

  const remove = (u: UserListItem) =>
    confirmDelete({
      title: t('admin.deleteTitle'),
      text: t('admin.deleteConfirm', { name: u.name }),
      onConfirm: () =>
        deleteUser.mutate(u.id, {
          onSuccess: () => toastSuccess(t('admin.toast.successDelete')),
          onError: (err) => toastFailure(failureOf(err), 'admin.toast.errorDelete'),
        }),
    });

  const columns: DataTableColumn<UserListItem>[] = [
    { accessor: 'id', title: 'ID', sortable: true, textAlign: 'right' },
    { accessor: 'name', title: t('admin.login'), sortable: true, noWrap: true },
    { accessor: 'email', title: t('admin.email'), sortable: true, noWrap: true },
    {
      accessor: 'last_login_at',
      title: t('salesRep.fields.lastLogin'),
      sortable: true,
      noWrap: true,
      render: (u) => formatDateTime(u.last_login_at) ?? t('common.never'),
    },
    {
      accessor: 'actions',
      title: t('table.actions'),
      textAlign: 'right',
      pinned: 'right',
      // Edit and delete show only to provider admin, admin and regional manager (SPEC.md section 2).
      hidden: !can(me.role, 'admins.edit'),
      render: (u) => (
        <RowActions
          editLabel={t('admin.edit')}
          onEdit={() => navigate(paths.adminEdit(u.id, { warehouse_id: warehouseId }))}
          deleteLabel={t('admin.delete')}
          onDelete={() => remove(u)}
        />
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <TableToolbar
        search={state.search}
        onSearch={state.setSearch}
        placeholder={t('table.searchPlaceholder')}
        total={list.data?.total}
      />
      <PagedTable
        label={t('warehouse.tabs.admins')}
        state={state}
        data={list.data}
        fetching={list.isFetching}
        columns={columns}
        sortFields={ADMIN_SORT_FIELDS}
      />
    </Stack>
  );
}
