import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { useProgrammeSettings } from '../../lib/programme-settings.ts';

/**
 * The footer's organiser and contact details as an admin set them on the settings page (decision
 * 047). A chunk of its own, fetched with its data when the footer comes near the screen.
 */
export function FooterDetails() {
  const { t } = useTranslation();
  const { data } = useProgrammeSettings();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {data?.organiser && (
          <Stack gap={2} data-testid="footer-organiser">
            <Text fz="xs" tt="uppercase" c="dimmed" fw={700}>
              {t('footer.company')}
            </Text>
            <Text fz="sm" fw={600}>
              {data.organiser}
            </Text>
            {data.address && <Text fz="sm">{data.address}</Text>}
          </Stack>
        )}
        {data && (data.phone || data.email) && (
          <Stack gap={2} data-testid="footer-contact">
            <Text fz="xs" tt="uppercase" c="dimmed" fw={700}>
              {t('footer.contact')}
            </Text>
            {data.phone && <Text fz="sm">{data.phone}</Text>}
            {data.email && (
              <Anchor fz="sm" href={`mailto:${data.email}`} style={{ overflowWrap: 'anywhere' }}>
                {data.email}
              </Anchor>
            )}
          </Stack>
        )}
      </SimpleGrid>
      {data?.organiser && (
        <Text fz="xs" c="dimmed" mt="md">
          © {new Date().getFullYear()} {data.organiser} {t('footer.rights')}
        </Text>
      )}
    </>
  );
}
