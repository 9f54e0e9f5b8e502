import { can, type User, type UserListItem, type UserSort } from '@incentive/contracts';
import type { DataTableColumn } from 'mantine-datatable';
import { useNavigate } from 'react-router';
import { confirmDeleteRow } from '../../../components/admin/confirm-delete.tsx';
import { actionsColumn, ListTable } from '../../../components/admin/list-table.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
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
    confirmDeleteRow({
      title: t('admin.deleteTitle'),
      text: t('admin.deleteConfirm', { name: u.name }),
      remove: deleteUser,
      id: u.id,
      success: () => t('admin.toast.successDelete'),
      errorKey: 'admin.toast.errorDelete',
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
    actionsColumn(
      t('table.actions'),
      (u) => (
        <RowActions
          editLabel={t('admin.edit')}
          onEdit={() => navigate(paths.adminEdit(u.id, { warehouse_id: warehouseId }))}
          deleteLabel={t('admin.delete')}
          onDelete={() => remove(u)}
        />
      ),
      // Edit and delete show only to provider admin, admin and regional manager (SPEC.md section 2).
      { hidden: !can(me.role, 'admins.edit') },
    ),
  ];

  return (
    <ListTable
      state={state}
      list={list}
      searchPlaceholder={t('table.searchPlaceholder')}
      label={t('warehouse.tabs.admins')}
      columns={columns}
      sortFields={ADMIN_SORT_FIELDS}
    />
  );
}
