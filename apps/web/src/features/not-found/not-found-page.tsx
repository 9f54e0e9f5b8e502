import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { homePath } from '../../lib/paths.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  return (
    <Stack align="center" py={80} px="md" gap="sm" ta="center">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text c="dimmed">{t('notFound.text')}</Text>
      <Button component={Link} to={homePath(me)} mt="md">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
