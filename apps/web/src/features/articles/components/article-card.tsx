import type { RepArticleListItem } from '@incentive/contracts';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CardMedia } from '../../../components/card-media.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import classes from './article-card.module.css';

/** One article of the rep's list: image, muted video or placeholder, name, lead and 'more'; the whole card opens it. */
export function ArticleCard({ article, priority }: { article: RepArticleListItem; priority: boolean }) {
  const { t } = useTranslation();
  const to = paths.articlePh(article.id);
  const titleId = `article-${article.id}-name`;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={titleId}
      className={classes.card}
      data-testid="article-card"
    >
      <Card.Section>
        <CardMedia
          image={article.image}
          videoUrl={article.video_url}
          videoLabel={t('articlePh.videoTitle', { name: article.name })}
          priority={priority}
        />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Title order={2} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          <Link to={to} className={classes.titleLink}>
            {article.name}
          </Link>
        </Title>
        <Text c="dimmed" fz="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {article.lead}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="md" className={classes.more}>
        <LinkButton to={to} label={t('articlePh.moreAbout', { name: article.name })}>
          {t('articlePh.more')}
          <IconArrowRight size={18} aria-hidden />
        </LinkButton>
      </Group>
    </Card>
  );
}
