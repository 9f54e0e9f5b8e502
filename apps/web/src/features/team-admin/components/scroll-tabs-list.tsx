import { ActionIcon, Box, Tabs } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useScrollEdges } from '../../../lib/use-scroll-edges.ts';

/** How the hidden side of the strip fades out, so a cut tab reads as "more this way". */
const FADE = 28;

/**
 * A tab strip that scrolls sideways on a phone instead of wrapping or squeezing its tabs: the side
 * that hides tabs fades out and has an arrow that scrolls it, and the chosen tab scrolls into view.
 */
export function ScrollTabsList({ tabs, label }: { tabs: { value: string; label: string }[]; label: string }) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(list);

  // Opened on a later tab (?tab=…): show it.
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, []);

  const scroll = (direction: 1 | -1) =>
    list.current?.scrollBy({ left: direction * list.current.clientWidth * 0.6, behavior: 'smooth' });
  const mask = `linear-gradient(to right, ${edges.before ? 'transparent' : '#000'} 0, #000 ${FADE}px, #000 calc(100% - ${FADE}px), ${edges.after ? 'transparent' : '#000'} 100%)`;

  return (
    <Box pos="relative" miw={0}>
      <Tabs.List
        ref={list}
        aria-label={label}
        data-scrolls={edges.overflow || undefined}
        style={{
          flexWrap: 'nowrap',
          overflowX: 'auto',
          overflowY: 'hidden',
          scrollbarWidth: 'none',
          minWidth: 0,
          maskImage: edges.overflow ? mask : undefined,
        }}
      >
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            px={{ base: 'sm', sm: 'md' }}
            style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            onClick={(e) => e.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'smooth' })}
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {edges.before && (
        <ActionIcon
          variant="default"
          radius="xl"
          size="md"
          aria-label={t('common.scrollLeft')}
          onClick={() => scroll(-1)}
          style={{ position: 'absolute', left: 0, top: '50%', transform: 'translateY(-50%)', zIndex: 1 }}
        >
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
      )}
      {edges.after && (
        <ActionIcon
          variant="default"
          radius="xl"
          size="md"
          aria-label={t('common.scrollRight')}
          onClick={() => scroll(1)}
          style={{ position: 'absolute', right: 0, top: '50%', transform: 'translateY(-50%)', zIndex: 1 }}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      )}
    </Box>
  );
}
