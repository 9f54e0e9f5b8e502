import { QUIZ_SORT_FIELDS, type QuizListQuery, type QuizListRow } from '@incentive/contracts';
import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarEvent, IconChartBar, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useNavigate } from 'react-router';
import { confirmDeleteRow } from '../../../components/admin/confirm-delete.tsx';
import { actionsColumn, ListTable, RowIcons, RowLink } from '../../../components/admin/list-table.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { Page } from '../../../components/page.tsx';
import { TitleLink } from '../../../components/table/title-link.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { paths } from '../../../lib/paths.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useDeleteQuiz } from '../api/delete-quiz.ts';
import { useQuizzes } from '../api/get-quizzes.ts';
import { QuizStatusCell } from '../components/quiz-status.tsx';
import { quizAdminStrings } from '../lib/strings.ts';

registerStrings(quizAdminStrings);

type QuizSort = QuizListQuery['sort'];

/** `/quiz` (SPEC.md section 2 "Quiz admin list"): the quizzes, paged, searched and sorted on the server. */
export function QuizListPage() {
  const { t } = useTranslation();
  const count = useFormatCount();
  const money = useFormatMoney();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)');
  const deleteQuiz = useDeleteQuiz();
  const state = useTableState<QuizSort>('id', 'desc');
  const list = useQuizzes(state.params);
  useErrorToast(list.error, 'quiz.toast.errorList');

  const remove = (q: QuizListRow) =>
    confirmDeleteRow({
      title: t('quizAdmin.list.deleteTitle'),
      text: t('quizAdmin.list.deleteConfirm', { name: q.name }),
      remove: deleteQuiz,
      id: q.id,
      success: () => t('quiz.toast.successDelete'),
      errorKey: 'quiz.toast.errorDelete',
    });

  const columns: DataTableColumn<QuizListRow>[] = [
    { accessor: 'id', title: t('quizAdmin.fields.id'), sortable: true, width: 70 },
    {
      accessor: 'name',
      title: t('quizAdmin.fields.name'),
      sortable: true,
      pinned: 'left',
      width: phone ? 150 : undefined,
      render: (q) => <TitleLink to={paths.quizEdit(q.id)}>{q.name}</TitleLink>,
    },
    { accessor: 'status', title: t('quizAdmin.fields.status'), render: (q) => <QuizStatusCell quiz={q} /> },
    {
      accessor: 'value',
      title: t('quizAdmin.fields.price'),
      sortable: true,
      textAlign: 'right',
      noWrap: true,
      render: (q) => money(q.value),
    },
    {
      accessor: 'answers_count',
      title: t('quizAdmin.fields.questions'),
      textAlign: 'right',
      render: (q) => count(q.answers_count),
    },
    {
      accessor: 'attempts_count',
      title: t('quizAdmin.fields.attempts'),
      textAlign: 'right',
      render: (q) => count(q.attempts_count),
    },
    {
      accessor: 'created_at',
      title: t('quizAdmin.fields.createdAt'),
      sortable: true,
      noWrap: true,
      render: (q) => formatDateTime(q.created_at),
    },
    actionsColumn(t('table.actions'), (q) => (
      <RowIcons>
        <RowLink
          to={paths.quizSummary(q.id)}
          label={t('quizAdmin.list.summary', { name: q.name })}
          icon={<IconCalendarEvent size={18} />}
        />
        <RowLink
          to={paths.quizResults(q.id)}
          label={t('quizAdmin.list.results', { name: q.name })}
          icon={<IconChartBar size={18} />}
        />
        <RowActions
          editLabel={t('quizAdmin.list.edit', { name: q.name })}
          onEdit={() => navigate(paths.quizEdit(q.id))}
          deleteLabel={t('quizAdmin.list.delete', { name: q.name })}
          onDelete={() => remove(q)}
        />
      </RowIcons>
    )),
  ];

  return (
    <Page
      title={t('quizAdmin.list.title')}
      subtitle={t('quizAdmin.list.subtitle')}
      actions={
        <Button component={Link} to={paths.quizCreate()} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('quizAdmin.list.create')}
        </Button>
      }
    >
      <ListTable
        state={state}
        list={list}
        searchPlaceholder={t('quizAdmin.list.searchPlaceholder')}
        label={t('quizAdmin.list.title')}
        columns={columns}
        sortFields={QUIZ_SORT_FIELDS}
        onRowClick={(q) => navigate(paths.quizEdit(q.id))}
      />
    </Page>
  );
}
