import { AUDIT_CHANGES_SHOWN, type AuditChange } from '@incentive/contracts';
import { Badge, Code, Group, Loader, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useAuditEvent } from '../api/audit-api.ts';

const shown = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

/** One changed row: its table and key, then each column before and after. */
function ChangedRow({ change }: { change: AuditChange }) {
  const { t } = useTranslation();
  const keys = Object.keys(change.after ?? change.before ?? {});
  const cell = (v: unknown) =>
    v === null || v === undefined ? (
      <Text span fz="xs" c="dimmed">
        {t('audit.empty')}
      </Text>
    ) : (
      <Text span fz="xs" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {shown(v)}
      </Text>
    );
  return (
    <Paper withBorder radius="sm" p="xs">
      <Group gap="xs" mb={4}>
        <Badge
          size="sm"
          variant="light"
          color={change.op === 'delete' ? 'red' : change.op === 'insert' ? 'green' : 'blue'}
        >
          {t(`audit.op.${change.op}`)}
        </Badge>
        <Code>
          {change.table}
          {change.key ? ` #${change.key}` : ''}
        </Code>
      </Group>
      <Table.ScrollContainer minWidth={280}>
        <Table verticalSpacing={4} fz="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="28%">{t('audit.field')}</Table.Th>
              {change.op !== 'insert' && <Table.Th>{t('audit.before')}</Table.Th>}
              {change.op !== 'delete' && <Table.Th>{t('audit.after')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((k) => (
              <Table.Tr key={k}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{k}</Table.Td>
                {change.op !== 'insert' && <Table.Td>{cell(change.before?.[k])}</Table.Td>}
                {change.op !== 'delete' && <Table.Td>{cell(change.after?.[k])}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The dialog of one event: who, when, from where, its details and every row it changed. */
export function EventChanges({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const event = useAuditEvent(id);
  const e = event.data;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={e ? t(`audit.kind.${e.kind}`) : t('audit.details')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {!e ? (
        <Group justify="center" p="lg">
          <Loader size="sm" />
        </Group>
      ) : (
        <Stack gap="sm" data-testid="audit-event">
          <Text fz="sm">
            {formatDateTime(e.at)} · {e.actor ? `${e.actor.name} (${t(`roles.${e.actor.role}`)})` : t('audit.system')}
            {e.ip ? ` · ${t('audit.ip')}: ${e.ip}` : ''}
          </Text>
          <Text fz="sm">
            {t(`audit.objectType.${e.object_type}`)}
            {e.object_id !== null ? ` #${e.object_id}` : ''}
            {e.object_name ? `: ${e.object_name}` : ''}
          </Text>
          {e.details && (
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {JSON.stringify(e.details, null, 2)}
            </Code>
          )}
          {e.changes.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('audit.noChanges')}
            </Text>
          ) : (
            e.changes.map((c) => <ChangedRow key={c.id} change={c} />)
          )}
          {e.changes_count > e.changes.length && (
            <Text fz="xs" c="dimmed">
              {t('audit.moreChanges', { count: AUDIT_CHANGES_SHOWN })}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
