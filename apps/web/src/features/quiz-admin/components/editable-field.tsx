import { ActionIcon, Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

function FieldIcon({
  label,
  color,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} size="lg">
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * One field of the quiz forms (SPEC.md section 4 "Quiz authoring"): read mode shows the value with
 * edit and clear icons; edit mode shows the input with confirm and cancel. Edit remembers the value,
 * cancel restores it, confirm keeps what was typed, clear empties the field and opens it. The form
 * holds the value as it is typed, so a save never misses a field left open.
 */
export function EditableField<T>({
  label,
  value,
  onChange,
  empty,
  initiallyEditing,
  read,
  children,
  error,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  /** What clear sets. */
  empty: T;
  initiallyEditing: boolean;
  /** The value in read mode. */
  read: ReactNode;
  /** The input in edit mode. */
  children: ReactNode;
  /** A validation message, shown in either mode. */
  error?: string;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(initiallyEditing);
  const before = useRef<T>(value);
  const edit = () => {
    before.current = value;
    setEditing(true);
  };
  const clear = () => {
    before.current = value;
    onChange(empty);
    setEditing(true);
  };
  const cancel = () => {
    onChange(before.current);
    setEditing(false);
  };

  return (
    <Paper withBorder radius="md" p="sm" data-field={label}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
          <Text fw={600} fz="sm" component="h3" m={0}>
            {label}
          </Text>
          <Group gap={2} wrap="nowrap">
            {editing ? (
              <>
                <FieldIcon
                  label={t('quizAdmin.field.confirm', { label })}
                  color="green"
                  onClick={() => setEditing(false)}
                >
                  <IconCheck size={18} />
                </FieldIcon>
                <FieldIcon label={t('quizAdmin.field.cancel', { label })} color="gray" onClick={cancel}>
                  <IconX size={18} />
                </FieldIcon>
              </>
            ) : (
              <FieldIcon label={t('quizAdmin.field.edit', { label })} onClick={edit}>
                <IconPencil size={18} />
              </FieldIcon>
            )}
            <FieldIcon label={t('quizAdmin.field.clear', { label })} color="red" onClick={clear}>
              <IconTrash size={18} />
            </FieldIcon>
          </Group>
        </Group>
        {editing ? children : <Box style={{ overflowWrap: 'anywhere' }}>{read}</Box>}
        {error && !editing && (
          <Text c="red.8" fz="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** A read-mode value, or a dimmed dash when it is empty. */
export function ReadValue({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  if (children === '' || children === null || children === undefined) {
    return (
      <Text fz="sm" c="dimmed">
        {t('quizAdmin.field.empty')}
      </Text>
    );
  }
  return <Text fz="sm">{children}</Text>;
}

/** Rich text in read mode: the server's sanitized HTML, or the editor's own output (its schema allows no script). */
export function ReadHtml({ html }: { html: string }) {
  if (!html) return <ReadValue>{''}</ReadValue>;
  return (
    <Box
      fz="sm"
      className="quiz-admin-html"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server, or produced by tiptap's schema.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
