import type { ProgrammeRules } from '@incentive/contracts';
import { Button, Center, Stack, Text } from '@mantine/core';
import { Loading } from '../../../components/loading.tsx';
import classes from '../pages/rules.module.css';

/**
 * The rules' text as stored (sanitized HTML), or its loading state, or a failure with a retry: what
 * the rules page and the consent page (decision 060) both show. `failedText`/`retryText` are the
 * page's own words.
 */
export function RulesBody({
  rules,
  loading,
  failed,
  onRetry,
  failedText,
  retryText,
  testId,
  extra,
}: {
  rules: ProgrammeRules | null | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  failedText: string;
  retryText: string;
  testId: string;
  /** More attributes of the text's element (data-* for the tests). */
  extra?: Record<`data-${string}`, string>;
}) {
  return (
    <>
      {loading && (
        <Center py="xl">
          <Loading />
        </Center>
      )}
      {failed && (
        <Stack align="center" gap="xs" py="xl" ta="center">
          <Text fw={700} role="alert">
            {failedText}
          </Text>
          <Button variant="light" onClick={onRetry}>
            {retryText}
          </Button>
        </Stack>
      )}
      {rules && (
        <div
          className={classes.html}
          data-testid={testId}
          {...extra}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API (sanitize-html) before it was stored
          dangerouslySetInnerHTML={{ __html: rules.html }}
        />
      )}
    </>
  );
}
