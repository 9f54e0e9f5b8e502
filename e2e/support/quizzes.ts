import sharp from 'sharp';
import { api } from './api.ts';
import { baseUrl } from './env.ts';

/** A question as the back office sends it (SPEC.md section 3), with the correct answers marked. */
export interface QuestionSpec {
  questionText: string;
  type: 'multiple_choice' | 'text';
  answers: { answerText: string; isCorrect: boolean }[];
}

export interface QuizSpec {
  name: string;
  price: string;
  correctAnswers: number;
  isOneTime?: boolean;
  isSurvey?: boolean;
  questions: QuestionSpec[];
  /** A PNG made here is uploaded as the quiz image. */
  withImage?: boolean;
  videoUrl?: string;
}

export interface CreatedQuiz {
  id: number;
  /** The stored questions in order, each answer with its id and correctness (the manager's read). */
  questions: {
    id: number;
    type: 'multiple_choice' | 'text';
    answers: { id: number; answer_text: string; is_correct: boolean }[];
  }[];
}

async function multipart<T>(path: string, token: string, form: FormData): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-language': 'pl' },
    body: form,
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** 'YYYY.MM.DD HH:mm:ss', the summary form's date (SPEC.md section 3). */
function quizDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}.${p(d.getUTCMonth() + 1)}.${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** A small real PNG (a colour field with a stripe), as an admin would upload. */
export function testPng(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 450, channels: 3, background: '#2f6fdf' } })
    .composite([
      {
        input: { create: { width: 800, height: 90, channels: 3, background: '#f5c542' } },
        top: 300,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
}

/**
 * Creates a quiz the way the back office does, through the real API: POST /api/quiz (multipart,
 * questions as JSON, points 10), then its summary (POST /api/quiz/{id}/submit-details), which
 * activates it from yesterday for a week. Returns the stored questions with the correct answers.
 */
export async function createQuiz(adminToken: string, spec: QuizSpec): Promise<CreatedQuiz> {
  const content = new FormData();
  content.set('name', spec.name);
  content.set('lead', `Krótki wstęp do quizu ${spec.name}`);
  content.set('text', `<p>Quiz <strong>${spec.name}</strong> z testu przeglądarki.</p>`);
  content.set('video_url', spec.videoUrl ?? '');
  content.set(
    'questions',
    JSON.stringify(spec.questions.map((q) => ({ ...q, points: 10, answers: q.type === 'text' ? [] : q.answers }))),
  );
  const image = spec.withImage ? new Blob([new Uint8Array(await testPng())], { type: 'image/png' }) : null;
  if (image) content.set('image', image, 'okladka.png');
  const created = await multipart<{ quiz_id: number; message: string }>('/api/quiz', adminToken, content);
  if (created.status !== 200 && created.status !== 201)
    throw new Error(`POST /api/quiz: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.quiz_id;

  const now = Date.now();
  const details = new FormData();
  details.set('name', spec.name);
  details.set('lead', `Krótki wstęp do quizu ${spec.name}`);
  details.set('text', `<p>Quiz <strong>${spec.name}</strong> z testu przeglądarki.</p>`);
  details.set('video_url', spec.videoUrl ?? '');
  details.set('date_from', quizDate(new Date(now - 2 * 86_400_000)));
  details.set('date_to', quizDate(new Date(now + 7 * 86_400_000)));
  details.set('is_one_time', String(spec.isOneTime ?? true));
  details.set('price', spec.price);
  details.set('is_survey', String(spec.isSurvey ?? false));
  details.set('correct_answers', String(spec.correctAnswers));
  const saved = await multipart<{ quiz_id: number }>(`/api/quiz/${id}/submit-details`, adminToken, details);
  if (saved.status !== 200 && saved.status !== 201)
    throw new Error(`submit-details: ${saved.status} ${JSON.stringify(saved.body)}`);

  const read = await api<CreatedQuiz>('GET', `/api/quiz/${id}`, { token: adminToken });
  if (read.status !== 200) throw new Error(`GET /api/quiz/${id}: ${read.status}`);
  return { id, questions: read.body.questions };
}
