import { CHALLENGE_SORT_FIELDS, type ChallengeListQuery, type ChallengeListRow, can } from '@incentive/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileImport, IconListNumbers, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { confirmDeleteRow } from '../../../components/admin/confirm-delete.tsx';
import { actionsColumn, ListTable, RowIcons, RowLink } from '../../../components/admin/list-table.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { Page } from '../../../components/page.tsx';
import { TitleLink } from '../../../components/table/title-link.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { paths } from '../../../lib/paths.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useDeleteChallenge } from '../api/delete-challenge.ts';
import { useChallenges } from '../api/get-challenges.ts';
import { ChallengeDates } from '../components/challenge-dates.tsx';
import { ChallengeSelector } from '../components/challenge-selector.tsx';
import { ChallengeStatusBadge } from '../components/challenge-status-badge.tsx';
import { Thumb } from '../components/thumb.tsx';
import { challengeAdminStrings } from '../lib/strings.ts';

registerStrings(challengeAdminStrings);

type ChallengeSort = ChallengeListQuery['sort'];

/**
 * `/challenges` (SPEC.md section 2 "Challenges (admin)"; issue 15): the read-only paged table with
 * the figures of the reps the caller may see, searched and sorted on the server; a row shows its
 * products in the selector below. Creating, editing and importing sales show by the role's actions.
 */
export function ChallengeListPage() {
  const { t } = useTranslation();
  const count = useFormatCount();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const money = useFormatMoney();
  const phone = useMediaQuery('(max-width: 48em)');
  const manage = can(me.role, 'challenges.manage');
  const importer = can(me.role, 'sales.import');
  const state = useTableState<ChallengeSort>('start_at', 'desc');
  const list = useChallenges(state.params);
  useErrorToast(list.error, 'challenge.listFailed');
  const remove = useDeleteChallenge();
  const [opened, setOpened] = useState<{ id: number; at: number } | null>(null);

  const open = (c: ChallengeListRow) => {
    setOpened({ id: c.id, at: Date.now() });
    requestAnimationFrame(() =>
      document.getElementById('challenge-products')?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
  };

  const askDelete = (c: ChallengeListRow) =>
    confirmDeleteRow({
      title: t('challengeAdmin.list.deleteTitle'),
      text: t('challengeAdmin.list.deleteConfirm', { name: c.name }),
      remove: remove,
      id: c.id,
      success: (res) => res?.message || t('challenge.deleted'),
      // 409 'challenge.hasSales': sales were imported into it.
      errorKey: 'challengeAdmin.toast.errorDelete',
    });

  const columns: DataTableColumn<ChallengeListRow>[] = [
    {
      accessor: 'name',
      title: t('challengeAdmin.fields.name'),
      sortable: true,
      pinned: 'left',
      width: phone ? 150 : undefined,
      render: (c) => (
        <Stack gap={2}>
          <TitleLink to={paths.challengeRanking(c.id)}>{c.name}</TitleLink>
          {phone && <ChallengeStatusBadge status={c.status} />}
        </Stack>
      ),
    },
    { accessor: 'image', title: t('challengeAdmin.fields.image'), width: 96, render: (c) => <Thumb image={c.image} /> },
    {
      accessor: 'start_at',
      title: t('challengeAdmin.fields.dates'),
      sortable: true,
      noWrap: true,
      render: (c) => <ChallengeDates start={c.start_at} end={c.end_at} />,
    },
    {
      accessor: 'status',
      title: t('challengeAdmin.fields.status'),
      noWrap: true,
      render: (c) => <ChallengeStatusBadge status={c.status} />,
    },
    {
      accessor: 'products_count',
      title: t('challengeAdmin.fields.productsCount'),
      textAlign: 'right',
      render: (c) => count(c.products_count),
    },
    {
      accessor: 'reps_count',
      title: t('challengeAdmin.fields.reps'),
      textAlign: 'right',
      render: (c) => count(c.reps_count),
    },
    { accessor: 'units', title: t('challengeAdmin.fields.units'), textAlign: 'right', render: (c) => count(c.units) },
    {
      accessor: 'money_paid',
      title: t('challengeAdmin.fields.moneyPaid'),
      textAlign: 'right',
      noWrap: true,
      render: (c) => money(c.money_paid),
    },
    actionsColumn(t('table.actions'), (c) => (
      <RowIcons>
        <RowLink
          to={paths.challengeRanking(c.id)}
          label={t('challengeAdmin.list.ranking', { name: c.name })}
          icon={<IconListNumbers size={18} />}
        />
        {manage && (
          <RowActions
            editLabel={t('challengeAdmin.list.edit', { name: c.name })}
            onEdit={() => navigate(paths.challengeEdit(c.id))}
            deleteLabel={t('challengeAdmin.list.delete', { name: c.name })}
            onDelete={() => askDelete(c)}
          />
        )}
      </RowIcons>
    )),
  ];

  return (
    <Page
      title={t('challengeAdmin.list.title')}
      subtitle={t('challengeAdmin.list.subtitle')}
      actions={
        (manage || importer) && (
          <Group gap="sm">
            {importer && (
              <Button
                variant="default"
                component={Link}
                to={paths.salesImports()}
                leftSection={<IconFileImport size={16} aria-hidden />}
              >
                {t('challengeAdmin.list.import')}
              </Button>
            )}
            {manage && (
              <Button component={Link} to={paths.challengeCreate()} leftSection={<IconPlus size={16} aria-hidden />}>
                {t('challengeAdmin.list.create')}
              </Button>
            )}
          </Group>
        )
      }
    >
      <ListTable
        state={state}
        list={list}
        searchPlaceholder={t('challengeAdmin.list.searchPlaceholder')}
        label={t('challengeAdmin.list.title')}
        columns={columns}
        sortFields={CHALLENGE_SORT_FIELDS}
        onRowClick={open}
      />
      <ChallengeSelector opened={opened} />
    </Page>
  );
}
