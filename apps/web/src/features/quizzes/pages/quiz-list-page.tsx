import { Center, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useErrorToast } from '../../../lib/list-error-toast.ts';
import { parseId } from '../../../lib/paths.ts';
import { useRepQuizzes } from '../api/get-rep-quizzes.ts';
import { QuizCard } from '../components/quiz-card.tsx';
import classes from './quiz-list-page.module.css';

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
          <Text fw={700}>{t('quizPh.emptyTitle')}</Text>
          <Text c="dimmed" fz="sm" maw={420}>
            {t('quizPh.emptyText')}
          </Text>
        </Stack>
      )}
      {data && data.data.length > 0 && (
        <div className={classes.grid} aria-busy={isFetching} data-fetching={isFetching || undefined}>
          {data.data.map((quiz, i) => (
            <QuizCard key={quiz.id} quiz={quiz} priority={i === 0} />
          ))}
        </div>
      )}
      {data && data.last_page > 1 && (
        <Center>
          <Pagination total={data.last_page} value={Math.min(page, data.last_page)} onChange={setPage} />
        </Center>
      )}
    </Page>
  );
}
