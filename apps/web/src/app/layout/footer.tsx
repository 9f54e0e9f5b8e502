import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { useProgrammeSettings } from '../../lib/programme-settings.ts';

/** How near the screen (px) the footer may come before its details are asked for. */
const NEAR = 300;

/**
 * The programme's organiser and contact details, as an admin set them on the settings page
 * (decision 047), and the link to the rules. The footer starts below the fold (app-layout.module.css),
 * so its details are asked for only when it comes near the screen: a rep's first paint neither waits
 * for them nor downloads them when the rep never scrolls that far.
 */
export function Footer() {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${NEAR}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  const { data } = useProgrammeSettings(near);
  return (
    <Box
      ref={box}
      component="footer"
      bg="gray.0"
      py="lg"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      aria-busy={!data || undefined}
    >
      <Container size="xl">
        {/* Two lines of height held per column while the details come, so the footer keeps its size. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mih={60}>
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
        <Group justify="space-between" mt="md" gap="xs">
          <Text fz="xs" c="dimmed">
            © {new Date().getFullYear()} {data?.organiser || t('app.name')} {t('footer.rights')}
          </Text>
          <Anchor fz="xs" href={paths.rules()} target="_blank" rel="noopener">
            {t('footer.rules')}
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
