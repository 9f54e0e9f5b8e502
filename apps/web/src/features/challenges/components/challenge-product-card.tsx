import type { ActiveChallengeProduct } from '@incentive/contracts';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { CardMedia } from '../../../components/card-media.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import classes from './challenge-view.module.css';

/**
 * One numbered product of a challenge (SPEC.md section 2, Challenge list (rep)): its number, image,
 * name, reward per unit, what the rep sold and earned of it, and 'Więcej' to its article when it has one.
 */
export function ChallengeProductCard({
  product,
  n,
  priority,
}: {
  product: ActiveChallengeProduct;
  n: number;
  priority: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const titleId = `challenge-product-${product.id}-${n}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={titleId}
      className={classes.product}
      data-testid="challenge-product"
    >
      <Card.Section pos="relative">
        {/* A product's packshot is shown whole (contain), never cut at the edges. */}
        <CardMedia image={product.image} videoUrl={null} videoLabel="" priority={priority} fit="contain" />
        {/* The list (an <ol>) gives screen readers the position; the number is for the eye. */}
        <span className={classes.number} aria-hidden data-testid="challenge-product-number">
          {n}.
        </span>
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Title order={3} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {product.name}
        </Title>
        {product.description && (
          <Text c="dimmed" fz="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {product.description}
          </Text>
        )}
        <Text fw={700} c="teal.9" data-testid="challenge-product-reward">
          {t('challengePh.reward', { money: money(product.reward) })}
        </Text>
        <Text fz="sm" data-testid="challenge-product-sales">
          {t('challengePh.yourSales')}:{' '}
          {product.units > 0 ? (
            <strong>
              {t('challengePh.yourUnits', { count: product.units })} · {money(product.money_get)}
            </strong>
          ) : (
            t('challengePh.noSales')
          )}
        </Text>
      </Stack>
      {product.article_id !== null && (
        <Group justify="flex-end" mt="md">
          <LinkButton
            to={paths.articlePh(product.article_id)}
            label={t('challengePh.moreAbout', { name: product.name })}
          >
            {t('challengePh.more')}
            <IconArrowRight size={18} aria-hidden />
          </LinkButton>
        </Group>
      )}
    </Card>
  );
}
