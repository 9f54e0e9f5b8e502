import { ActionIcon, Button, Container, Group, Paper, Stack, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * A back-office form page: the title with a close button (to `closeTo`), the fields full-width
 * on phones and in one 760 px column on desktops, then save. While saving, the save button spins;
 * a failure leaves the fields filled and enabled again.
 */
export function FormFrame({
  title,
  closeTo,
  onSubmit,
  busy,
  children,
}: {
  title: string;
  closeTo: string;
  onSubmit: (e?: React.FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container size={760} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {title}
          </Title>
          {/* On a phone the close button is an icon, leaving the title its width. */}
          <ActionIcon
            component={Link}
            to={closeTo}
            variant="default"
            size={40}
            aria-label={t('common.close')}
            hiddenFrom="sm"
            style={{ flexShrink: 0 }}
          >
            <IconX size={20} />
          </ActionIcon>
          <Button
            component={Link}
            to={closeTo}
            variant="default"
            leftSection={<IconX size={16} aria-hidden />}
            visibleFrom="sm"
            style={{ flexShrink: 0 }}
          >
            {t('common.close')}
          </Button>
        </Group>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'xl' }}>
          <form onSubmit={onSubmit} noValidate>
            <fieldset disabled={busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <Stack gap="md">
                {children}
                <Group justify="flex-end" mt="sm">
                  <Button type="submit" loading={busy} size="md" w={{ base: '100%', xs: 'auto' }}>
                    {t('common.save')}
                  </Button>
                </Group>
              </Stack>
            </fieldset>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
