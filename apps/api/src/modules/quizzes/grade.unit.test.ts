import { describe, expect, it } from 'vitest';
import { type GradedQuestion, grade, isPassed, repStatus } from './grade.ts';

const questions: GradedQuestion[] = [
  {
    id: 1,
    type: 'multiple_choice',
    answers: [
      { id: 11, isCorrect: true },
      { id: 12, isCorrect: false },
    ],
  },
  { id: 2, type: 'text', answers: [] },
  { id: 3, type: 'multiple_choice', answers: [{ id: 31, isCorrect: false }] },
];

describe('grade', () => {
  it('counts correct closed answers and every filled open answer', () => {
    const g = grade(questions, [
      { questionId: 1, answerId: 11 },
      { questionId: 2, answerText: '  moja odpowiedź ' },
      { questionId: 3, answerId: 31 },
    ]);
    expect(g).toEqual({
      ok: true,
      correct: 2,
      answers: [
        { questionId: 1, answerId: 11, answerText: null, isCorrect: true },
        { questionId: 2, answerId: null, answerText: 'moja odpowiedź', isCorrect: true },
        { questionId: 3, answerId: 31, answerText: null, isCorrect: false },
      ],
    });
  });

  it('refuses a missing question, a duplicate, a foreign question and a foreign answer', () => {
    const all = [
      { questionId: 1, answerId: 12 },
      { questionId: 2, answerText: 'x' },
      { questionId: 3, answerId: 31 },
    ];
    expect(grade(questions, all.slice(0, 2))).toMatchObject({ ok: false, key: 'quiz.answersMissing', questionId: 3 });
    expect(grade(questions, [...all, { questionId: 1, answerId: 11 }])).toMatchObject({
      ok: false,
      key: 'quiz.answerInvalid',
    });
    expect(grade(questions, [...all, { questionId: 99, answerId: 11 }])).toMatchObject({
      ok: false,
      key: 'quiz.questionNotInQuiz',
    });
    expect(grade(questions, [{ questionId: 1, answerId: 31 }, ...all.slice(1)])).toMatchObject({
      ok: false,
      key: 'quiz.answerNotInQuiz',
      questionId: 1,
    });
  });

  it('refuses a closed question without a choice and an open one without text', () => {
    expect(
      grade(questions, [{ questionId: 1 }, { questionId: 2, answerText: 'x' }, { questionId: 3, answerId: 31 }]),
    ).toMatchObject({ ok: false, key: 'quiz.answerRequired' });
    expect(
      grade(questions, [
        { questionId: 1, answerId: 11 },
        { questionId: 2, answerText: '   ' },
        { questionId: 3, answerId: 31 },
      ]),
    ).toMatchObject({ ok: false, key: 'quiz.openAnswerRequired' });
  });
});

describe('isPassed and repStatus', () => {
  it('passes on reaching the required count, and always for a survey', () => {
    expect(isPassed(2, 2, false)).toBe(true);
    expect(isPassed(1, 2, false)).toBe(false);
    expect(isPassed(0, 5, true)).toBe(true);
  });

  it('a one-time quiz is done after one attempt; a repeatable one only once passed', () => {
    expect(repStatus(0, false, true)).toEqual({ attempts: 0, passed: false, done: false, can_take: true });
    expect(repStatus(1, false, true)).toEqual({ attempts: 1, passed: false, done: true, can_take: false });
    expect(repStatus(3, false, false)).toEqual({ attempts: 3, passed: false, done: false, can_take: true });
    expect(repStatus(4, true, false)).toEqual({ attempts: 4, passed: true, done: true, can_take: false });
  });
});
