import type { AuditEvent, AuditObject, Paged } from '@incentive/contracts';
import { ActionIcon, Anchor, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { type SimpleColumn, SimplePagedTable } from '../../../components/admin/simple-paged-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TableState } from '../../../lib/use-table-state.ts';
import { EventChanges } from './event-changes.tsx';

export interface AuditTableProps {
  label: string;
  data: Paged<AuditEvent> | undefined;
  fetching: boolean;
  state: TableState<'at'>;
  /** Clicking a person or an object filters the trail by it (the audit page); absent: plain text. */
  onPerson?: (id: number) => void;
  onObject?: (type: AuditObject, id: number) => void;
  /** The object column is left out where every event is about one object (its history). */
  withObject?: boolean;
}

/** The trail's events, newest first, each opening its rows before and after. */
export function AuditTable({ label, data, fetching, state, onPerson, onObject, withObject = true }: AuditTableProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);

  const columns: SimpleColumn<AuditEvent, 'at'>[] = [
    {
      key: 'at',
      title: t('audit.when'),
      // The day above the time: a narrow first column leaves a phone room for who and what.
      render: (e) => {
        const [day, time] = (formatDateTime(e.at) ?? '').split(' ');
        return (
          <Stack gap={0}>
            <Text fz="sm">{day}</Text>
            <Text fz="xs" c="gray.7">
              {time}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'who',
      title: t('audit.who'),
      render: (e) =>
        e.actor ? (
          <Stack gap={0}>
            {onPerson ? (
              <Anchor
                component="button"
                type="button"
                fz="sm"
                fw={600}
                ta="left"
                title={t('audit.filterByPerson')}
                onClick={() => e.actor && onPerson(e.actor.id)}
              >
                {e.actor.name}
              </Anchor>
            ) : (
              <Text fz="sm" fw={600}>
                {e.actor.name}
              </Text>
            )}
            <Text fz="xs" c="gray.7">
              {t(`roles.${e.actor.role}`)}
              {e.ip ? ` · ${e.ip}` : ''}
            </Text>
          </Stack>
        ) : (
          <Text fz="sm" c="gray.7">
            {t('audit.system')}
          </Text>
        ),
    },
    {
      key: 'what',
      title: t('audit.what'),
      render: (e) => (
        <Stack gap={0}>
          <Text fz="sm">{t(`audit.kind.${e.kind}`)}</Text>
          {e.changes_count > 0 && (
            <Text fz="xs" c="gray.7">
              {t('audit.changesCount', { count: e.changes_count })}
            </Text>
          )}
        </Stack>
      ),
    },
    ...(withObject
      ? [
          {
            key: 'on',
            title: t('audit.on'),
            render: (e: AuditEvent) => {
              const text = `${t(`audit.objectType.${e.object_type}`)}${e.object_id !== null ? ` #${e.object_id}` : ''}`;
              return (
                <Stack gap={0} maw={260}>
                  {onObject && e.object_id !== null ? (
                    <Anchor
                      component="button"
                      type="button"
                      fz="sm"
                      ta="left"
                      title={t('audit.filterByObject')}
                      onClick={() => e.object_id !== null && onObject(e.object_type, e.object_id)}
                    >
                      {text}
                    </Anchor>
                  ) : (
                    <Text fz="sm">{text}</Text>
                  )}
                  {e.object_name && (
                    <Text fz="xs" c="gray.7" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                      {e.object_name}
                    </Text>
                  )}
                </Stack>
              );
            },
          } satisfies SimpleColumn<AuditEvent, 'at'>,
        ]
      : []),
    {
      key: 'open',
      title: '',
      align: 'right',
      render: (e) => (
        <Tooltip label={t('audit.details')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('audit.details')}
            onClick={() => setOpen(e.id)}
            data-testid="audit-open"
          >
            <IconEye size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      <SimplePagedTable<AuditEvent, 'at'>
        label={label}
        columns={columns}
        data={data}
        fetching={fetching}
        state={state}
      />
      <EventChanges id={open} onClose={() => setOpen(null)} />
    </>
  );
}
