import type { User } from '@incentive/contracts';
import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';

/** How much the rep can still win in quizzes. */
export function QuizBox({ me }: { me: User }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="sm" mb="sm">
        <ThemeIcon size={36} radius="md" variant="light" color="yellow">
          <IconBulb size={20} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t('home.quizBox')}
        </Title>
      </Group>
      <Text fz="sm" c="dimmed">
        {t('home.moneyToGet')}
      </Text>
      <Text fz={28} fw={800} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {money(me.money_to_get)}
      </Text>
    </Card>
  );
}
