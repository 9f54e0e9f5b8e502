import { can, type User, WAREHOUSE_SORT_FIELDS, type Warehouse, type WarehouseListQuery } from '@incentive/contracts';
import { Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useNavigate } from 'react-router';
import { confirmDelete } from '../../../components/admin/confirm-delete.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { PagedTable } from '../../../components/table/paged-table.tsx';
import { TableToolbar } from '../../../components/table/table-toolbar.tsx';
import { TitleLink } from '../../../components/table/title-link.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { paths } from '../../../lib/paths.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useWarehouses } from '../../../lib/warehouses.ts';
import { useDeleteWarehouse } from '../api/delete-warehouse.ts';
import { BACK_OFFICE_API } from '../api/endpoints.ts';

type WarehouseSort = WarehouseListQuery['sort'];

/** The dashboard's warehouse list (SPEC.md section 2 "Warehouse table"). */
export function WarehouseTable({ me }: { me: User }) {
  const { t } = useTranslation();
  const count = useFormatCount();
  const money = useFormatMoney();
  const navigate = useNavigate();
  const deleteWarehouse = useDeleteWarehouse();
  const phone = useMediaQuery('(max-width: 48em)');
  const state = useTableState<WarehouseSort>('id');
  const list = useWarehouses(state.params);
  useErrorToast(list.error, 'warehouse.toast.errorWarehouseList');

  const remove = (w: Warehouse) =>
    confirmDelete({
      title: t('warehouse.deleteTitle'),
      // The title names the kind; the text names this one (names often begin with 'Hurtownia').
      text: t('warehouse.deleteConfirm', { name: w.name, assecoId: w.asseco_id }),
      onConfirm: () =>
        deleteWarehouse.mutate(w.id, {
          onSuccess: () => toastSuccess(t('warehouse.toast.successWarehouseDeleteAction')),
          onError: (err) => toastFailure(failureOf(err), 'warehouse.toast.errorWarehouseDeleteAction'),
        }),
    });

  // The name leads and stays in view, and so do the actions (decision 018): on a phone the name
  // wraps in a narrow column, so the pinned columns leave room for the others to scroll.
  const columns: DataTableColumn<Warehouse>[] = [
    {
      accessor: 'name',
      title: t('warehouse.fields.name'),
      sortable: true,
      pinned: 'left',
      noWrap: !phone,
      width: phone ? 140 : undefined,
      render: (w) => <TitleLink to={paths.warehouseDetails(w.id)}>{w.name}</TitleLink>,
    },
    { accessor: 'asseco_id', title: t('warehouse.fields.assecoId'), sortable: true, noWrap: true },
    // Wraps on a desktop, so the whole table fits at 1440 px.
    { accessor: 'address', title: t('warehouse.fields.address'), sortable: true, noWrap: phone },
    {
      accessor: 'admins_count',
      title: t('warehouse.fields.adminsCount'),
      sortable: true,
      textAlign: 'right',
      render: (w) => count(w.admins_count),
    },
    {
      accessor: 'users_count',
      title: t('warehouse.fields.phCount'),
      sortable: true,
      textAlign: 'right',
      render: (w) => count(w.users_count),
    },
    {
      accessor: 'actives_count',
      title: t('warehouse.fields.activeCount'),
      sortable: true,
      textAlign: 'right',
      render: (w) => count(w.actives_count),
    },
    {
      accessor: 'amount',
      title: t('warehouse.fields.amount'),
      sortable: true,
      noWrap: true,
      textAlign: 'right',
      render: (w) => money(w.amount),
    },
    {
      accessor: 'actions',
      title: t('table.actions'),
      textAlign: 'right',
      pinned: 'right',
      // A wholesaler neither edits nor deletes warehouses (SPEC.md section 6).
      hidden: !can(me.role, 'warehouses.edit') && !can(me.role, 'warehouses.delete'),
      render: (w) => (
        <RowActions
          editLabel={t('warehouse.edit')}
          onEdit={can(me.role, 'warehouses.edit') ? () => navigate(paths.warehouseEdit(w.id)) : undefined}
          deleteLabel={t('warehouse.delete')}
          onDelete={can(me.role, 'warehouses.delete') ? () => remove(w) : undefined}
        />
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <TableToolbar
        search={state.search}
        onSearch={state.setSearch}
        placeholder={t('table.searchWarehousesPlaceholder')}
        total={list.data?.total}
        exportCsv={{
          path: BACK_OFFICE_API.warehousesCsv,
          query: { sort: state.sort, order: state.order, search: state.params.search },
          filename: 'hurtownie.csv',
        }}
      />
      <PagedTable
        label={t('dashboard.tabs.warehouses')}
        state={state}
        data={list.data}
        fetching={list.isFetching}
        columns={columns}
        sortFields={WAREHOUSE_SORT_FIELDS}
        onRowClick={(w) => navigate(paths.warehouseDetails(w.id))}
      />
    </Stack>
  );
}
