/*
 * Messages only the API sends (quiz activation checks and versions, docs/decisions/043). They join
 * MESSAGES in messages.ts for the server's translate(), but not MESSAGES_PL, which the web app's
 * entry carries to every rep: a rep never needs them before the server says them, and the back
 * office's own copies live in its lazy strings (locales/quiz-admin).
 */
export const QUIZ_SERVER_MESSAGES_PL = {
  'quiz.updatedLive': 'Zapisano. Do zapisania podsumowania reprezentanci widzą poprzednią wersję quizu',
  'quiz.questionNoCorrectAnswer': 'Pytanie {{number}} nie ma poprawnej odpowiedzi',
  'quiz.questionTextMissing': 'Pytanie {{number}} nie ma treści',
  'quiz.correctAnswersTooFew': 'Quiz (nie ankieta) wymaga co najmniej 1 poprawnej odpowiedzi',
  'quiz.correctAnswersAboveCount': 'Wymaganych odpowiedzi nie może być więcej niż pytań ({{count}})',
  'quiz.changed': 'Quiz się zmienił. Oto jego nowa wersja: odpowiedz jeszcze raz',
} as const;

export const QUIZ_SERVER_MESSAGES_EN: Record<keyof typeof QUIZ_SERVER_MESSAGES_PL, string> = {
  'quiz.updatedLive': 'Saved. Until the summary is saved, reps see the previous version of the quiz',
  'quiz.questionNoCorrectAnswer': 'Question {{number}} has no correct answer',
  'quiz.questionTextMissing': 'Question {{number}} has no text',
  'quiz.correctAnswersTooFew': 'A quiz (not a survey) requires at least 1 correct answer',
  'quiz.correctAnswersAboveCount': 'Required answers cannot exceed the questions ({{count}})',
  'quiz.changed': 'The quiz changed. Here is its new version: please answer again',
};
