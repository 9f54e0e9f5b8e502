import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/** Edit and delete icons in a table row; clicks do not open the row. */
export function RowActions({
  editLabel,
  onEdit,
  deleteLabel,
  onDelete,
}: {
  editLabel?: string;
  onEdit?: () => void;
  deleteLabel?: string;
  onDelete?: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {onEdit && editLabel && (
        <Tooltip label={editLabel} withArrow>
          <ActionIcon
            variant="subtle"
            aria-label={editLabel}
            onClick={(e) => {
              e.stopPropagation();
              onEdit();
            }}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && deleteLabel && (
        <Tooltip label={deleteLabel} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={deleteLabel}
            onClick={(e) => {
              e.stopPropagation();
              onDelete();
            }}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
