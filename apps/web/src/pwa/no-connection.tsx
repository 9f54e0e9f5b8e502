import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { registerStrings } from '../lib/lazy-strings.ts';
import en from '../locales/offline/en.json';
import pl from '../locales/offline/pl.json';

registerStrings({ pl, en });

/**
 * In place of the signed-in area when GET /api/me could not reach the server (decision 067): the
 * session is kept (a phone without signal is no reason to sign a rep out) and the rep can try again;
 * the query asks by itself when the browser is back online.
 */
export function NoConnection({ retry }: { retry: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  const onRetry = () => {
    setRetrying(true);
    void retry().finally(() => setRetrying(false));
  };
  return (
    <Center mih="100dvh" p="md">
      <Stack maw={420} gap="md" data-testid="no-connection">
        <Title order={1} fz="h2">
          {t('offline.title')}
        </Title>
        <Text>{t('offline.text')}</Text>
        <Button onClick={onRetry} loading={retrying} style={{ alignSelf: 'flex-start' }}>
          {t('offline.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
