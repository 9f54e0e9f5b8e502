import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../lib/paths.ts';

/** Company contact details. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" bg="gray.0" py="lg" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={2}>
            <Text fz="xs" tt="uppercase" c="dimmed" fw={700}>
              {t('footer.company')}
            </Text>
            <Text fz="sm" fw={600}>
              {t('footer.companyName')}
            </Text>
            <Text fz="sm">{t('footer.address')}</Text>
          </Stack>
          <Stack gap={2}>
            <Text fz="xs" tt="uppercase" c="dimmed" fw={700}>
              {t('footer.contact')}
            </Text>
            <Text fz="sm">{t('footer.phone')}</Text>
            <Anchor fz="sm" href={`mailto:${t('footer.email')}`}>
              {t('footer.email')}
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" mt="md" gap="xs">
          <Text fz="xs" c="dimmed">
            © {new Date().getFullYear()} {t('footer.companyName')} {t('footer.rights')}
          </Text>
          <Anchor fz="xs" href={paths.rules()} target="_blank" rel="noopener">
            {t('footer.rules')}
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
