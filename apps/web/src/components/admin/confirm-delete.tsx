import { Text } from '@mantine/core';
import { i18n } from '../../lib/i18n.ts';
import { openConfirm } from './open-confirm.ts';

/** A delete confirmation dialog (500 px wide): confirm runs `onConfirm`, cancel closes it. Waits for the modals host if it is still loading. */
export function confirmDelete({ title, text, onConfirm }: { title: string; text: string; onConfirm: () => void }) {
  openConfirm({
    title,
    size: 500,
    centered: true,
    // The × needs a name for screen readers (axe button-name).
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    children: <Text fz="sm">{text}</Text>,
    labels: { confirm: i18n.t('common.delete'), cancel: i18n.t('common.cancel') },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
