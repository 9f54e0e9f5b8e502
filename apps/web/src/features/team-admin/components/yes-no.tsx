import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';

/** 'Tak' / 'Nie' as a small badge. */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={value ? 'green' : 'gray'} radius="sm">
      {value ? t('common.yes') : t('common.no')}
    </Badge>
  );
}
