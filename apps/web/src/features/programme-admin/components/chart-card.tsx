import { ActionIcon, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/** One figure: its title, its chart, and its CSV. */
export function ChartCard({
  title,
  empty,
  onCsv,
  children,
  testId,
}: {
  title: string;
  empty: boolean;
  onCsv: () => void;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz="md">
            {title}
          </Title>
          <Tooltip label={t('programme.csvOf', { name: title })}>
            <ActionIcon variant="default" aria-label={t('programme.csvOf', { name: title })} onClick={onCsv}>
              <IconDownload size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        {empty ? (
          <Text fz="sm" c="gray.7" py="lg" ta="center">
            {t('programme.empty')}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}
