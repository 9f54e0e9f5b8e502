import type { AuditObject } from '@incentive/contracts';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { paths } from '../../../lib/paths.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useAuditPage } from '../api/audit-api.ts';
import { auditStrings } from '../lib/strings.ts';
import { AuditTable } from './audit-table.tsx';

registerStrings(auditStrings);

/** An object's own history (a person's, a warehouse's…): its newest events, and a link to all of them. */
export function ObjectHistory({ type, id }: { type: AuditObject; id: number }) {
  const { t } = useTranslation();
  const state = useTableState<'at'>('at', 'desc');
  const page = useAuditPage({ object_type: type, object_id: id, page: state.page, per_page: state.perPage });
  useErrorToast(page.error, 'audit.errorLoad');
  return (
    <Stack gap="sm" data-testid="object-history">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="lg">
          {t('audit.history')}
        </Title>
        <Anchor component={Link} to={paths.audit({ object_type: type, object_id: id })} fz="sm">
          {t('audit.historyAll')}
        </Anchor>
      </Group>
      <AuditTable
        label={t('audit.history')}
        data={page.data}
        fetching={page.isFetching}
        state={state}
        withObject={false}
      />
    </Stack>
  );
}
