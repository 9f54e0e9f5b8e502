import { RANKING_SORT_FIELDS, type RankingQuery, type RankingRow } from '@incentive/contracts';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { PagedTable } from '../../../components/table/paged-table.tsx';
import { TableToolbar } from '../../../components/table/table-toolbar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { parseId, paths } from '../../../lib/paths.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useWarehouses } from '../../../lib/warehouses.ts';
import { CHALLENGE_ADMIN_API } from '../api/endpoints.ts';
import { useChallenge } from '../api/get-challenge.ts';
import { useRanking } from '../api/get-ranking.ts';
import { ChallengeStatusBadge } from '../components/challenge-status-badge.tsx';
import { formatDay } from '../lib/days.ts';
import { challengeAdminStrings } from '../lib/strings.ts';

registerStrings(challengeAdminStrings);

type RankingSort = RankingQuery['sort'];
/** The table keys its rows by `id`: a rep's user id. */
type Row = RankingRow & { id: number };

/** `/challenges/{id}/ranking`: a failed id goes back to the list. */
export function RankingPage() {
  const id = parseId(useParams().id);
  if (id === null) return <Navigate to={paths.challenges()} replace />;
  return <Ranking key={id} id={id} />;
}

/**
 * The challenge's ranking (issue 15 point 6): the reps with a result within the caller's scope, best
 * first (ties share a place), filtered by warehouse, searched, paged, exported as CSV. On a phone the
 * table scrolls sideways with the place and name pinned.
 */
function Ranking({ id }: { id: number }) {
  const { t } = useTranslation();
  const count = useFormatCount();
  const money = useFormatMoney();
  const phone = useMediaQuery('(max-width: 48em)');
  const challenge = useChallenge(id);
  useLoadFailureRedirect(challenge.error, 'challenge.productsFailed', paths.challenges());
  const state = useTableState<RankingSort>('place', 'asc');
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const warehouseId = warehouse ? Number(warehouse) : undefined;
  const ranking = useRanking(id, { ...state.params, warehouse_id: warehouseId });
  useErrorToast(ranking.error, 'challengeAdmin.toast.errorRanking');
  const warehouses = useWarehouses({ page: 1, per_page: 100, sort: 'name', order: 'asc' });
  useErrorToast(warehouses.error, 'warehouse.toast.errorWarehouseList');

  const changeWarehouse = (value: string | null) => {
    setWarehouse(value);
    state.setPage(1);
  };

  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'place',
      title: t('challengeAdmin.ranking.place'),
      sortable: true,
      textAlign: 'right',
      width: 104,
      render: (r) =>
        r.place <= 3 ? <Badge color={['yellow', 'gray', 'orange'][r.place - 1]}>{r.place}</Badge> : r.place,
    },
    {
      accessor: 'name',
      title: t('challengeAdmin.ranking.rep'),
      sortable: true,
      pinned: 'left',
      width: phone ? 140 : undefined,
      render: (r) => (
        <Text fz="sm" fw={600} lineClamp={2}>
          {r.surname ? `${r.name} ${r.surname}` : r.name}
        </Text>
      ),
    },
    {
      accessor: 'asseco_id',
      title: t('challengeAdmin.ranking.assecoId'),
      noWrap: true,
      render: (r) => r.asseco_id ?? '—',
    },
    {
      accessor: 'warehouses',
      title: t('challengeAdmin.ranking.warehouses'),
      render: (r) => (
        <Text fz="sm" lineClamp={2}>
          {r.warehouses.map((w) => w.name).join(', ') || '—'}
        </Text>
      ),
    },
    {
      accessor: 'units',
      title: t('challengeAdmin.fields.units'),
      textAlign: 'right',
      noWrap: true,
      render: (r) => count(r.units),
    },
    {
      accessor: 'amount',
      title: t('challengeAdmin.ranking.amount'),
      textAlign: 'right',
      noWrap: true,
      render: (r) => money(r.amount),
    },
  ];

  const c = challenge.data;
  return (
    <Page
      title={c ? t('challengeAdmin.ranking.title', { name: c.name }) : t('challengeAdmin.ranking.titleLoading')}
      subtitle={
        c && (
          <Group gap="xs" component="span">
            <span>
              {formatDay(c.start_at)} – {formatDay(c.end_at)}
            </span>
            <ChallengeStatusBadge status={c.status} />
          </Group>
        )
      }
      actions={
        <Button
          variant="default"
          component={Link}
          to={paths.challenges()}
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('challengeAdmin.ranking.back')}
        </Button>
      }
    >
      <Stack gap="sm">
        <Select
          label={t('challengeAdmin.ranking.warehouse')}
          placeholder={t('challengeAdmin.ranking.allWarehouses')}
          data={(warehouses.data?.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
          value={warehouse}
          onChange={changeWarehouse}
          searchable
          clearable
          nothingFoundMessage={t('warehouse.picker.nothingFound')}
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', sm: 360 }}
        />
        <TableToolbar
          search={state.search}
          onSearch={state.setSearch}
          placeholder={t('challengeAdmin.ranking.searchPlaceholder')}
          total={ranking.data?.total}
          exportCsv={{
            path: CHALLENGE_ADMIN_API.rankingCsv(id),
            query: {
              search: state.params.search,
              sort: state.sort,
              order: state.order,
              warehouse_id: warehouseId,
            },
            filename: `ranking-${id}.csv`,
          }}
        />
        <PagedTable
          label={t('challengeAdmin.ranking.tableLabel')}
          state={state}
          data={ranking.data && { ...ranking.data, data: ranking.data.data.map((r): Row => ({ ...r, id: r.user_id })) }}
          fetching={ranking.isFetching}
          columns={columns}
          sortFields={RANKING_SORT_FIELDS}
        />
      </Stack>
    </Page>
  );
}
