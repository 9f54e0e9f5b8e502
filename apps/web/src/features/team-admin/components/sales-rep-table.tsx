import { can, mayManage, USER_SORT_FIELDS, type User, type UserListItem, type UserSort } from '@incentive/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMailForward } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useNavigate } from 'react-router';
import { confirmDelete } from '../../../components/admin/confirm-delete.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { PagedTable } from '../../../components/table/paged-table.tsx';
import { TableToolbar } from '../../../components/table/table-toolbar.tsx';
import { TitleLink } from '../../../components/table/title-link.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { paths } from '../../../lib/paths.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { BACK_OFFICE_API } from '../api/endpoints.ts';
import { useUsers } from '../api/get-users.ts';
import { useWarehouseUsers } from '../api/get-warehouse-users.ts';
import { useSendActivationLink } from '../api/send-activation-link.ts';
import { ChallengeName } from './challenge-name.tsx';
import { YesNo } from './yes-no.tsx';

interface SalesRepTableProps {
  me: User;
  /** seller: the sales rep list; seller_reg: the registered (regional manager) list. */
  listRole: 'seller' | 'seller_reg';
  /** Inside a warehouse's details: only its reps. */
  warehouseId?: number;
}

/** The sales rep table of SPEC.md section 2, on the dashboard or filtered to one warehouse. */
export function SalesRepTable({ me, listRole: role, warehouseId }: SalesRepTableProps) {
  const { t } = useTranslation();
  const count = useFormatCount();
  const money = useFormatMoney();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)');
  const state = useTableState<UserSort>('id');
  const inWarehouse = warehouseId !== undefined;
  const all = useUsers({ ...state.params, role }, !inWarehouse);
  const ofWarehouse = useWarehouseUsers(inWarehouse ? warehouseId : null, { ...state.params, role: 'seller' });
  const list = inWarehouse ? ofWarehouse : all;
  useErrorToast(list.error, 'salesRep.toast.errorSalesRepList');
  const sendActivationLink = useSendActivationLink();
  const deleteUser = useDeleteUser();

  const sendLink = (u: UserListItem) =>
    sendActivationLink.mutate(u.email, {
      onSuccess: () => toastSuccess(t('salesRep.toast.successSendActiveLink')),
      onError: (err) => toastFailure(failureOf(err), 'salesRep.toast.errorSendActiveLink'),
    });

  const remove = (u: UserListItem) =>
    confirmDelete({
      title: t('salesRep.deleteTitle'),
      text: t('salesRep.deleteConfirm', { name: [u.name, u.surname].filter(Boolean).join(' ') }),
      onConfirm: () =>
        deleteUser.mutate(u.id, {
          onSuccess: () => toastSuccess(t('salesRep.toast.successDelete')),
          onError: (err) => toastFailure(failureOf(err), 'salesRep.toast.errorDelete'),
        }),
    });

  const detailsLink = (u: UserListItem, text: string | null) => (
    <TitleLink to={paths.salesRepDetails(u.id)}>{text || '—'}</TitleLink>
  );

  // The spec's columns, led by who the row is: surname and name stay in view while the other
  // columns scroll under them (on a phone the surname only), and so do the actions (decision 018).
  const columns: DataTableColumn<UserListItem>[] = [
    {
      accessor: 'surname',
      title: t('salesRep.fields.surname'),
      sortable: true,
      noWrap: true,
      pinned: 'left',
      render: (u) => detailsLink(u, u.surname),
    },
    {
      accessor: 'name',
      title: t('salesRep.fields.name'),
      sortable: true,
      noWrap: true,
      pinned: phone ? undefined : 'left',
      render: (u) => detailsLink(u, u.name),
    },
    { accessor: 'id', title: t('salesRep.fields.phId'), sortable: true, textAlign: 'right' },
    {
      accessor: 'asseco_id',
      title: t('salesRep.fields.assecoId'),
      sortable: true,
      noWrap: true,
      hidden: role === 'seller_reg',
      render: (u) => u.asseco_id ?? '—',
    },
    {
      accessor: 'card',
      title: t('salesRep.fields.card'),
      sortable: true,
      noWrap: true,
      render: (u) => u.card?.number ?? '—',
    },
    {
      accessor: 'active',
      title: t('salesRep.fields.active'),
      sortable: true,
      render: (u) => <YesNo value={u.last_login_at !== null} />,
    },
    {
      accessor: 'complete_profile',
      title: t('salesRep.fields.completeProfile'),
      sortable: true,
      render: (u) => <YesNo value={u.complete_profile} />,
    },
    {
      accessor: 'last_login_at',
      title: t('salesRep.fields.lastLogin'),
      sortable: true,
      noWrap: true,
      render: (u) => formatDateTime(u.last_login_at) ?? t('common.never'),
    },
    {
      accessor: 'login_counter_weekly',
      title: t('salesRep.fields.loginsWeekly'),
      sortable: true,
      textAlign: 'right',
      render: (u) => count(u.login_counter_weekly),
    },
    {
      accessor: 'challenges',
      title: t('salesRep.fields.challenges'),
      noWrap: true,
      render: (u) =>
        u.challenges.length === 0 ? (
          '—'
        ) : (
          <Stack gap={0}>
            {u.challenges.map((c) => (
              <Text key={c.id ?? c.name} fz="sm">
                <ChallengeName challenge={c} role={me.role} />: {money(c.amount)}
              </Text>
            ))}
          </Stack>
        ),
    },
    moneyColumn('total_amount', t('salesRep.fields.totalAmount'), (u) => money(u.total_amount)),
    moneyColumn('amount_from_quiz', t('salesRep.fields.amountFromQuiz'), (u) => money(u.amount_from_quiz)),
    moneyColumn('in_withdrawal', t('salesRep.fields.inWithdrawal'), (u) =>
      money(u.wallet?.in_withdrawal, { whole: true }),
    ),
    moneyColumn('withdraw_amount', t('salesRep.fields.withdrawAmount'), (u) => money(u.withdraw_amount)),
    {
      accessor: 'activation',
      title: t('salesRep.sendActivationLink'),
      noWrap: true,
      // Only to roles that manage these reps (a provider admin sees reps but manages none, SPEC.md section 6).
      hidden: !mayManage(me.role, role),
      render: (u) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconMailForward size={14} aria-hidden />}
          loading={sendActivationLink.isPending && sendActivationLink.variables === u.email}
          aria-label={`${t('salesRep.sendActivationLink')}: ${u.email}`}
          onClick={(e) => {
            e.stopPropagation();
            sendLink(u);
          }}
        >
          {t('salesRep.sendLinkShort')}
        </Button>
      ),
    },
    {
      accessor: 'actions',
      title: t('table.actions'),
      textAlign: 'right',
      pinned: 'right',
      // The edit icon shows only to root and admin (SPEC.md section 2).
      hidden: !can(me.role, 'reps.editFromTable'),
      render: (u) => (
        <RowActions
          editLabel={t('salesRep.edit')}
          onEdit={() => navigate(paths.salesRepEdit(u.id))}
          deleteLabel={t('salesRep.delete')}
          onDelete={can(me.role, 'reps.delete') ? () => remove(u) : undefined}
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
        exportCsv={
          inWarehouse
            ? undefined
            : {
                path: BACK_OFFICE_API.usersCsv,
                query: { role, sort: state.sort, order: state.order, search: state.params.search },
                filename: role === 'seller' ? 'przedstawiciele.csv' : 'kierownicy-regionalni.csv',
              }
        }
      />
      <PagedTable
        label={role === 'seller' ? t('dashboard.tabs.salesReps') : t('dashboard.tabs.registeredReps')}
        state={state}
        data={list.data}
        fetching={list.isFetching}
        columns={columns}
        sortFields={USER_SORT_FIELDS}
        onRowClick={(u) => navigate(paths.salesRepDetails(u.id))}
      />
    </Stack>
  );
}

function moneyColumn(
  accessor: UserSort,
  title: string,
  render: (u: UserListItem) => string,
): DataTableColumn<UserListItem> {
  return { accessor, title, sortable: true, noWrap: true, textAlign: 'right', render };
}
