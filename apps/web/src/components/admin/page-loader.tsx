import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py={80}>
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
