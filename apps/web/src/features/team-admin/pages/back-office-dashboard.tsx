import { can, type User } from '@incentive/contracts';
import { Button, Group, Stack, Tabs } from '@mantine/core';
import { IconChartBar, IconFileImport, IconHistory, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { type DashboardTab, paths } from '../../../lib/paths.ts';
import { SalesRepTable } from '../components/sales-rep-table.tsx';
import { ScrollTabsList } from '../components/scroll-tabs-list.tsx';
import { WarehouseTable } from '../components/warehouse-table.tsx';
import { useTabParam } from '../hooks/use-tab-param.ts';

/**
 * The back-office panel's admin menu (SPEC.md section 2 "Admin dashboard"): the warehouse,
 * sales rep and registered sales rep lists by role, and the add button of the active tab.
 */
export function BackOfficeDashboard({ me }: { me: User }) {
  const { t } = useTranslation();
  const visible: DashboardTab[] = ['warehouses'];
  if (can(me.role, 'dashboard.repTabs')) visible.push('sales-reps');
  if (can(me.role, 'dashboard.registeredTab')) visible.push('registered');
  const [tab, setTab] = useTabParam(visible);

  const addRep = can(me.role, 'reps.create') ? { to: paths.salesRepCreate(), label: t('dashboard.addSalesRep') } : null;
  const addByTab: Record<DashboardTab, { to: string; label: string } | null> = {
    // Without a rep tab (a wholesaler), the warehouse tab has the add-sales-rep action (SPEC.md section 6).
    warehouses: can(me.role, 'warehouses.create')
      ? { to: paths.warehouseCreate(), label: t('dashboard.addWarehouse') }
      : can(me.role, 'dashboard.repTabs')
        ? null
        : addRep,
    'sales-reps': addRep,
    registered: can(me.role, 'regionalManagers.create')
      ? { to: paths.salesRepCreateRks(), label: t('dashboard.addRegisteredRep') }
      : null,
  };
  const add = addByTab[tab];
  const labels: Record<DashboardTab, string> = {
    warehouses: t('dashboard.tabs.warehouses'),
    'sales-reps': t('dashboard.tabs.salesReps'),
    registered: t('dashboard.tabs.registeredReps'),
  };

  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Stack gap="md">
        {/* The programme's results and the audit trail: a row of their own, so the tabs keep their width. */}
        {(can(me.role, 'stats.read') || can(me.role, 'audit.read')) && (
          <Group gap="sm" wrap="wrap">
            {can(me.role, 'stats.read') && (
              <Button
                variant="default"
                component={Link}
                to={paths.programme()}
                leftSection={<IconChartBar size={16} aria-hidden />}
              >
                {t('dashboard.programme')}
              </Button>
            )}
            {can(me.role, 'audit.read') && (
              <Button
                variant="default"
                component={Link}
                to={paths.audit()}
                leftSection={<IconHistory size={16} aria-hidden />}
              >
                {t('dashboard.history')}
              </Button>
            )}
          </Group>
        )}
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <div style={{ flex: '1 1 320px', minWidth: 0 }}>
            <ScrollTabsList
              label={t('dashboard.adminMenu')}
              tabs={visible.map((v) => ({ value: v, label: labels[v] }))}
            />
          </div>
          <Group gap="sm" wrap="wrap">
            {can(me.role, 'people.import') && (
              <Button
                variant="default"
                component={Link}
                to={paths.onboarding()}
                leftSection={<IconFileImport size={16} aria-hidden />}
              >
                {t('dashboard.importFile')}
              </Button>
            )}
            {add && (
              <Button component={Link} to={add.to} leftSection={<IconPlus size={16} aria-hidden />}>
                {add.label}
              </Button>
            )}
          </Group>
        </Group>
        <Tabs.Panel value="warehouses">
          <WarehouseTable me={me} />
        </Tabs.Panel>
        <Tabs.Panel value="sales-reps">
          <SalesRepTable me={me} listRole="seller" />
        </Tabs.Panel>
        <Tabs.Panel value="registered">
          <SalesRepTable me={me} listRole="seller_reg" />
        </Tabs.Panel>
      </Stack>
    </Tabs>
  );
}
