import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';

/**
 * A back-office form page: the title with a close button (to `closeTo`), the fields full-width
 * on phones and at most 720 px wide on desktops, then save. While saving, the save button spins
 * and the fields stay as typed; a failure leaves them filled and enabled again.
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
    <Page
      title={title}
      actions={
        <Button component={Link} to={closeTo} variant="default" leftSection={<IconX size={16} aria-hidden />}>
          {t('common.close')}
        </Button>
      }
    >
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'xl' }} maw={720} w="100%">
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
    </Page>
  );
}
