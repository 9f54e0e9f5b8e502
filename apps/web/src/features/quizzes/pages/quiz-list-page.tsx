import { RepCardList, useUrlPage } from '../../../components/rep-card-list.tsx';
import { useRepQuizzes } from '../api/get-rep-quizzes.ts';
import { QuizCard } from '../components/quiz-card.tsx';

/** `/quiz-ph`: the rep's quizzes, 4 a page from the server (SPEC.md section 2, rep lists). */
export function QuizListPage() {
  const [page, setPage] = useUrlPage();
  const query = useRepQuizzes(page);
  return (
    <RepCardList
      texts="quizPh"
      errorKey="quiz.toast.errorList"
      query={query}
      page={page}
      onPage={setPage}
      card={(quiz, priority) => <QuizCard key={quiz.id} quiz={quiz} priority={priority} />}
    />
  );
}
