import type { User } from '@incentive/contracts';
import { Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb, IconPlayerPlayFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';

/** How much the rep can still win in quizzes (money_to_get), and the way to the quizzes. */
export function QuizBox({ me }: { me: User }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
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
      <Text fz={28} fw={800} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="money-to-get">
        {money(me.money_to_get)}
      </Text>
      <Group mt="md">
        <Button component={Link} to={paths.quizPh()} leftSection={<IconPlayerPlayFilled size={16} />}>
          {t('home.playQuizzes')}
        </Button>
      </Group>
    </Card>
  );
}
