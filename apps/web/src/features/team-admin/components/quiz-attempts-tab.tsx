import type { QuizAttemptRow } from '@incentive/contracts';
import { Stack, TextInput } from '@mantine/core';
import { IconSchool, IconSearch } from '@tabler/icons-react';
import { SimplePagedTable } from '../../../components/admin/simple-paged-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import en from '../../../locales/quiz-attempts/en.json';
import pl from '../../../locales/quiz-attempts/pl.json';
import { type QuizAttemptSort, useUserQuizAttempts } from '../api/get-user-quiz-attempts.ts';
import { EmptyState } from './empty-state.tsx';
import { YesNo } from './yes-no.tsx';

// Its labels come with the rep details page's chunk, not in everyone's first load.
registerStrings({ pl, en });

/** The quiz tab of the rep details: the rep's attempts (quiz, date, score, required, passed, reward), or its empty state. */
export function QuizAttemptsTab({ userId, isSelf }: { userId: number; isSelf: boolean }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const state = useTableState<QuizAttemptSort>('created_at', 'desc');
  const attempts = useUserQuizAttempts(userId, state.params);
  useErrorToast(attempts.error, 'quizAttempts.errorList');

  // Nothing ever attempted (no search narrowing it): the tab's real empty state.
  if (attempts.data && attempts.data.total === 0 && !state.params.search) {
    return (
      <EmptyState
        icon={<IconSchool size={24} />}
        title={t('salesRep.noQuizzes')}
        text={t(isSelf ? 'salesRep.noQuizzesSelfText' : 'salesRep.noQuizzesText')}
      />
    );
  }
  return (
    <Stack gap="sm">
      <TextInput
        aria-label={t('quizAttempts.search')}
        placeholder={t('quizAttempts.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        value={state.search}
        onChange={(e) => state.setSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 360 }}
      />
      <SimplePagedTable<QuizAttemptRow, QuizAttemptSort>
        label={t('salesRep.tabs.quiz')}
        state={state}
        data={attempts.data}
        fetching={attempts.isFetching}
        columns={[
          { key: 'quiz', title: t('quizAttempts.name'), sortField: 'quiz_name', render: (a) => a.quiz_name },
          {
            key: 'date',
            title: t('quizAttempts.date'),
            sortField: 'created_at',
            render: (a) => formatDateTime(a.created_at),
          },
          {
            key: 'score',
            title: t('quizAttempts.score'),
            sortField: 'correct_answers_count',
            align: 'right',
            render: (a) => `${a.correct_answers_count}/${a.questions_count}`,
          },
          {
            key: 'required',
            title: t('quizAttempts.required'),
            align: 'right',
            render: (a) => a.required_correct_answers,
          },
          { key: 'passed', title: t('quizAttempts.passed'), render: (a) => <YesNo value={a.passed} /> },
          {
            key: 'reward',
            title: t('quizAttempts.reward'),
            sortField: 'reward',
            align: 'right',
            render: (a) => money(a.reward),
          },
        ]}
      />
    </Stack>
  );
}
