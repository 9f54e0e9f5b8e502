import { can } from '@incentive/contracts';
import { Button, Group, Loader, Stack, Tabs } from '@mantine/core';
import { IconFileImport, IconPencil, IconPlus } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/admin/page-loader.tsx';
import { Page } from '../../../components/page.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { parseId, paths, type WarehouseTab } from '../../../lib/paths.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect.ts';
import { ObjectHistory } from '../../audit-admin/index.ts';
import { useWarehouse } from '../api/get-warehouse.ts';
import { AdminTable } from '../components/admin-table.tsx';
import { InfoList } from '../components/info-list.tsx';
import { SalesRepTable } from '../components/sales-rep-table.tsx';
import { ScrollTabsList } from '../components/scroll-tabs-list.tsx';
import { useTabParam } from '../hooks/use-tab-param.ts';

const TABS = ['data', 'admins', 'ph'] as const satisfies readonly WarehouseTab[];
/** With the warehouse's own history for whoever reads the audit trail (issue 31). */
const TABS_WITH_HISTORY = [...TABS, 'history'] as const satisfies readonly WarehouseTab[];

/** `/warehouse/details/{id}`: tabs data, admins and ph, each with its action button (SPEC.md section 2). */
export function WarehouseDetailsPage() {
  const { t } = useTranslation();
  const count = useFormatCount();
  const money = useFormatMoney();
  const me = useCurrentUser();
  const id = parseId(useParams().id);
  const warehouse = useWarehouse(id);
  const showHistory = can(me.role, 'audit.read');
  const [tab, setTab] = useTabParam<WarehouseTab>(showHistory ? TABS_WITH_HISTORY : TABS);
  useLoadFailureRedirect(warehouse.error, 'warehouse.toast.errorDetails', paths.dashboard());

  if (id === null) return <Navigate to={paths.dashboard()} replace />;
  const w = warehouse.data;
  if (!w) return <PageLoader />;

  const actionByTab = {
    data: can(me.role, 'warehouses.edit')
      ? { to: paths.warehouseEdit(w.id), label: t('warehouse.change'), icon: IconPencil }
      : null,
    // A wholesaler cannot add admins (SPEC.md section 6).
    admins: can(me.role, 'admins.create')
      ? { to: paths.adminCreate({ warehouse_id: w.id }), label: t('warehouse.addAdmin'), icon: IconPlus }
      : null,
    ph: can(me.role, 'reps.create')
      ? { to: paths.salesRepCreate({ warehouse_id: w.id }), label: t('warehouse.addSalesRep'), icon: IconPlus }
      : null,
    history: null,
  };
  const action = actionByTab[tab];

  return (
    <Page
      title={w.name}
      subtitle={w.address}
      actions={
        (action || (tab === 'ph' && can(me.role, 'people.import'))) && (
          <Group gap="sm" wrap="wrap">
            {tab === 'ph' && can(me.role, 'people.import') && (
              <Button
                variant="default"
                component={Link}
                to={paths.onboarding()}
                leftSection={<IconFileImport size={16} aria-hidden />}
              >
                {t('warehouse.importFile')}
              </Button>
            )}
            {action && (
              <Button component={Link} to={action.to} leftSection={<action.icon size={16} aria-hidden />}>
                {action.label}
              </Button>
            )}
          </Group>
        )
      }
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Stack gap="md">
          <ScrollTabsList
            label={w.name}
            tabs={[
              { value: 'data', label: t('warehouse.tabs.data') },
              { value: 'admins', label: t('warehouse.tabs.admins') },
              { value: 'ph', label: t('warehouse.tabs.ph') },
              ...(showHistory ? [{ value: 'history', label: t('warehouse.tabs.history') }] : []),
            ]}
          />
          <Tabs.Panel value="data">
            <InfoList
              items={[
                { label: t('warehouse.fields.assecoId'), value: w.asseco_id },
                { label: t('warehouse.fields.name'), value: w.name },
                { label: t('warehouse.fields.address'), value: w.address },
                { label: t('warehouse.fields.nip'), value: w.nip ?? '—' },
                { label: t('warehouse.fields.email'), value: w.email ?? '—' },
                { label: t('warehouse.fields.adminsCount'), value: count(w.admins_count) },
                { label: t('warehouse.fields.phCount'), value: count(w.users_count) },
                { label: t('warehouse.fields.activeCount'), value: count(w.actives_count) },
                { label: t('warehouse.fields.amount'), value: money(w.amount) },
              ]}
            />
          </Tabs.Panel>
          <Tabs.Panel value="admins">
            <AdminTable me={me} warehouseId={w.id} />
          </Tabs.Panel>
          <Tabs.Panel value="ph">
            <SalesRepTable me={me} listRole="seller" warehouseId={w.id} />
          </Tabs.Panel>
          {showHistory && (
            <Tabs.Panel value="history">
              <Suspense fallback={<Loader size="sm" />}>
                <ObjectHistory type="warehouse" id={w.id} />
              </Suspense>
            </Tabs.Panel>
          )}
        </Stack>
      </Tabs>
    </Page>
  );
}
