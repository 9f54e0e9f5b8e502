import { Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SimplePagedTable } from '../../../components/admin/simple-paged-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { type OpenAnswer, useOpenAnswers } from '../api/get-open-answers.ts';

/** The typed answers of one open question, paged on the server, newest first. */
export function OpenAnswersList({ quizId, questionId, label }: { quizId: number; questionId: number; label: string }) {
  const { t } = useTranslation();
  // Newest first is the list's only order; the table state gives paging and the debounced search.
  const state = useTableState<'created_at'>('created_at', 'desc');
  const answers = useOpenAnswers(quizId, {
    question_id: questionId,
    page: state.page,
    per_page: state.perPage,
    search: state.params.search,
  });
  useErrorToast(answers.error, 'quizAdmin.toast.errorOpenAnswers');
  return (
    <Stack gap="xs">
      <TextInput
        aria-label={t('quizAdmin.results.searchAnswers', { label })}
        placeholder={t('quizAdmin.results.searchAnswersPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        value={state.search}
        onChange={(e) => state.setSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 360 }}
      />
      <SimplePagedTable<OpenAnswer & { id: number }, 'created_at'>
        label={label}
        state={state}
        data={answers.data}
        fetching={answers.isFetching}
        columns={[
          {
            key: 'answer',
            title: t('quizAdmin.results.openAnswer'),
            render: (a) => (
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: 200 }}>
                {a.answer_text}
              </Text>
            ),
          },
          { key: 'email', title: t('quizAdmin.results.rep'), render: (a) => a.email },
          { key: 'date', title: t('quizAdmin.results.date'), render: (a) => formatDateTime(a.created_at) },
        ]}
      />
    </Stack>
  );
}
