import { Center, Loader, Pagination, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { parseId } from '../../../lib/paths.ts';
import { useRepQuizzes } from '../api/get-rep-quizzes.ts';
import { QuizCard } from '../components/quiz-card.tsx';
import { useErrorToast } from '../hooks.ts';

/**
 * `/quiz-ph`: the rep's quizzes, 4 a page from the server (SPEC.md section 2, rep lists). The page
 * number lives in the URL (?page=2), so back from a quiz returns to the same page.
 */
export function QuizListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = parseId(params.get('page')) ?? 1;
  const { data, isPending, isFetching, error } = useRepQuizzes(page);
  useErrorToast(error, 'quiz.toast.errorList');

  const setPage = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <Page title={t('quizPh.title')} subtitle={t('quizPh.description')}>
      {isPending && !error && (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
      {data && data.data.length === 0 && (
        <Stack align="center" gap="xs" py="xl" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="yellow">
            <IconBulb size={30} />
          </ThemeIcon>
          <Text fw={700}>{t('quizPh.emptyTitle')}</Text>
          <Text c="dimmed" fz="sm" maw={420}>
            {t('quizPh.emptyText')}
          </Text>
        </Stack>
      )}
      {data && data.data.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing="lg"
          aria-busy={isFetching}
          style={{ opacity: isFetching && !isPending ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {data.data.map((quiz, i) => (
            <QuizCard key={quiz.id} quiz={quiz} priority={i === 0} />
          ))}
        </SimpleGrid>
      )}
      {data && data.last_page > 1 && (
        <Center>
          <Pagination total={data.last_page} value={Math.min(page, data.last_page)} onChange={setPage} />
        </Center>
      )}
    </Page>
  );
}
