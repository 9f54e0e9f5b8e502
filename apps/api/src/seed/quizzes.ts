import { base, en, Faker, pl } from '@faker-js/faker';
import {
  type QuestionInput,
  quizContentFieldsSchema,
  quizDetailsFieldsSchema,
  type Role,
  warsawFormTime,
} from '@incentive/contracts';
import { and, desc, eq, isNotNull, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { createQuiz, getQuiz, saveQuizDetails, submitQuiz } from '../modules/quizzes/quizzes.service.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { demoImage } from './demo-images.ts';

const DAY = 86_400_000;

interface DemoQuiz {
  name: string;
  lead: string;
  text: string;
  hue: number | null;
  videoUrl?: string;
  questions: QuestionInput[];
  /** Null: a draft whose summary was never saved. */
  details: {
    price: string;
    correct: number;
    oneTime: boolean;
    survey: boolean;
    startDaysAgo: number;
    endsInDays: number;
  } | null;
  /** Share of the demo reps who took it, and of them who answered well. */
  takers: number;
  good: number;
}

const closed = (questionText: string, answers: [string, boolean][]): QuestionInput => ({
  questionText: `<p>${questionText}</p>`,
  type: 'multiple_choice',
  points: 10,
  answers: answers.map(([answerText, isCorrect]) => ({ answerText, isCorrect })),
});
const open = (questionText: string): QuestionInput => ({
  questionText: `<p>${questionText}</p>`,
  type: 'text',
  points: 10,
  answers: [],
});

const QUIZZES: DemoQuiz[] = [
  {
    name: 'Nowości w ofercie napojów',
    lead: 'Sprawdź, co wiesz o nowych smakach, które od tego miesiąca trafiają do hurtowni.',
    text: '<h2>Nowe smaki</h2><p>Od tego miesiąca w ofercie są <strong>trzy nowe napoje</strong>. Przeczytaj opis i odpowiedz na pytania.</p><ul><li>Cytryna z miętą</li><li>Malina z limonką</li><li>Zielona herbata z brzoskwinią</li></ul>',
    hue: 200,
    questions: [
      closed('Ile nowych smaków weszło do oferty?', [
        ['Dwa', false],
        ['Trzy', true],
        ['Pięć', false],
      ]),
      closed('Który smak jest nowy?', [
        ['Malina z limonką', true],
        ['Cola waniliowa', false],
      ]),
      closed('Gdzie najlepiej ustawić nowe napoje?', [
        ['Na wysokości oczu, przy kasie', true],
        ['Na najniższej półce', false],
        ['W magazynie', false],
      ]),
    ],
    details: { price: '15.00', correct: 2, oneTime: true, survey: false, startDaysAgo: 40, endsInDays: 45 },
    takers: 0.5,
    good: 0.7,
  },
  {
    name: 'Bezpieczeństwo pracy w magazynie',
    lead: 'Cztery pytania o zasady BHP. Możesz podchodzić do quizu, aż go zaliczysz.',
    text: '<p>Bezpieczeństwo to podstawa. Przypomnij sobie <em>zasady poruszania się po magazynie</em> i odpowiedz na pytania.</p>',
    hue: 20,
    questions: [
      closed('Czy w strefie wózków widłowych trzeba nosić kamizelkę odblaskową?', [
        ['Tak', true],
        ['Nie', false],
      ]),
      closed('Jaki jest największy dopuszczalny ciężar do ręcznego podnoszenia dla mężczyzny?', [
        ['15 kg', false],
        ['30 kg', true],
        ['60 kg', false],
      ]),
      closed('Co zrobić z rozlanym płynem na posadzce?', [
        ['Oznaczyć miejsce i zgłosić', true],
        ['Ominąć', false],
      ]),
      closed('Czy można przechodzić pod podniesionym ładunkiem?', [
        ['Tak, szybko', false],
        ['Nigdy', true],
      ]),
    ],
    details: { price: '10.00', correct: 3, oneTime: false, survey: false, startDaysAgo: 30, endsInDays: 60 },
    takers: 0.45,
    good: 0.55,
  },
  {
    name: 'Wideo: jak ułożyć półkę, która sprzedaje',
    lead: 'Obejrzyj krótki film o ekspozycji i odpowiedz na dwa pytania.',
    text: '<p>Dobrze ułożona półka sprzedaje więcej. Obejrzyj film, a potem odpowiedz na pytania.</p>',
    hue: null,
    videoUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
    questions: [
      closed('Które produkty stawiamy na wysokości oczu?', [
        ['Najważniejsze i najnowsze', true],
        ['Najtańsze', false],
      ]),
      closed('Co robimy z produktami z krótką datą?', [
        ['Przesuwamy do przodu', true],
        ['Chowamy do tyłu', false],
      ]),
    ],
    details: { price: '20.00', correct: 2, oneTime: false, survey: false, startDaysAgo: 20, endsInDays: 40 },
    takers: 0.35,
    good: 0.8,
  },
  {
    name: 'Ankieta: jak oceniasz dostawy?',
    lead: 'Twoja opinia pomoże nam poprawić dostawy. Każda odpowiedź jest dobra.',
    text: '<p>Ankieta ma trzy pytania. Za jej wypełnienie otrzymasz nagrodę.</p>',
    hue: 130,
    questions: [
      closed('Jak oceniasz terminowość dostaw?', [
        ['Bardzo dobrze', false],
        ['Dobrze', false],
        ['Słabo', false],
      ]),
      closed('Czy towar dociera nieuszkodzony?', [
        ['Zawsze', false],
        ['Zwykle', false],
        ['Rzadko', false],
      ]),
      open('Co powinniśmy poprawić?'),
    ],
    details: { price: '5.00', correct: 0, oneTime: true, survey: true, startDaysAgo: 14, endsInDays: 30 },
    takers: 0.4,
    good: 1,
  },
  {
    name: 'Marki własne hurtowni',
    lead: 'Krótki quiz o markach własnych: za zaliczenie 12,50 zł.',
    text: '<p>Marki własne mają lepszą marżę. Sprawdź, co o nich wiesz.</p>',
    hue: 280,
    questions: [
      closed('Czym jest marka własna?', [
        ['Marką należącą do sieci lub hurtowni', true],
        ['Marką producenta z reklamą w TV', false],
      ]),
      open('Jaki produkt marki własnej polecasz klientom najczęściej?'),
    ],
    details: { price: '12.50', correct: 2, oneTime: true, survey: false, startDaysAgo: 7, endsInDays: 50 },
    takers: 0.2,
    good: 0.6,
  },
  {
    name: 'Promocja świąteczna (szkic)',
    lead: 'Szkic quizu: podsumowanie nie zostało jeszcze zapisane.',
    text: '<p>Treść w przygotowaniu.</p>',
    hue: 0,
    questions: [closed('Od kiedy trwa promocja?', [['Od 1 grudnia', true]])],
    details: null,
    takers: 0,
    good: 0,
  },
];

const OPEN_ANSWERS = [
  'Więcej dostaw w poniedziałki',
  'Lepsze zabezpieczenie palet',
  'Wcześniejsze informowanie o opóźnieniach',
  'Nic, jest dobrze',
  'Sok jabłkowy',
  'Wodę mineralną',
];

/**
 * Demo quizzes, made and taken through the quizzes service as the back office and the reps would:
 * active quizzes with images, one with a video link, a survey with open and closed questions, a
 * draft, and attempts by demo reps whose rewards are real ledger entries. The demo seller passes
 * one and fails a repeatable one, so it still has quizzes to take and money to get.
 */
export async function seedQuizzes(db: Db, opts: { seed: number; now: Date; demoSellerEmail: string }) {
  const faker = new Faker({ locale: [pl, en, base] });
  faker.seed(opts.seed + 7);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  const [demoSeller] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, opts.demoSellerEmail));
  if (!admin || !demoSeller) throw new Error('the demo accounts come before the quizzes');
  // Reps from the top of the id range: tests take seeded reps from the bottom.
  const reps = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.role, 'seller'),
        isNotNull(users.passwordHash),
        notInArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      ),
    )
    .orderBy(desc(users.id))
    .limit(60);

  const created: { id: number; quiz: DemoQuiz }[] = [];
  for (const quiz of QUIZZES) {
    const fields = quizContentFieldsSchema.parse({
      name: quiz.name,
      lead: quiz.lead,
      text: quiz.text,
      video_url: quiz.videoUrl ?? '',
      questions: JSON.stringify(quiz.questions),
    });
    const image =
      quiz.hue === null
        ? ({ kind: 'keep' } as const)
        : { kind: 'set' as const, bytes: await demoImage(quiz.name, quiz.hue) };
    const id = await createQuiz(db, admin, fields, image);
    if (quiz.details) {
      const d = quiz.details;
      const details = quizDetailsFieldsSchema.parse({
        ...fields,
        video_url: quiz.videoUrl ?? '',
        date_from: warsawFormTime(new Date(opts.now.getTime() - d.startDaysAgo * DAY)),
        date_to: warsawFormTime(new Date(opts.now.getTime() + d.endsInDays * DAY)),
        is_one_time: d.oneTime,
        price: d.price,
        is_survey: d.survey,
        correct_answers: d.correct,
      });
      await saveQuizDetails(db, admin, id, details, { kind: 'keep' });
      created.push({ id, quiz });
    }
  }

  /** Answers as the rep's page sends them: ids from the quiz as read, right or wrong as the demo plan says. */
  const take = async (rep: { id: number; role: string }, entry: (typeof created)[number], good: boolean) => {
    const read = await getQuiz(db, { id: rep.id, role: rep.role as Role }, entry.id);
    const answers = read.questions.map((q, i) => {
      if (q.type === 'text') return { questionId: q.id, answerText: faker.helpers.arrayElement(OPEN_ANSWERS) };
      const plan = entry.quiz.questions[i]?.answers ?? [];
      const ids = q.answers.map((a, j) => ({ id: a.id, right: plan[j]?.isCorrect === true }));
      const right = ids.filter((a) => a.right);
      const wrong = ids.filter((a) => !a.right);
      const pool = (good && right.length) || wrong.length === 0 ? (right.length ? right : ids) : wrong;
      return { questionId: q.id, answerId: faker.helpers.arrayElement(pool).id };
    });
    return submitQuiz(db, { id: rep.id, role: rep.role as Role }, entry.id, answers);
  };

  for (const rep of reps) {
    for (const entry of created) {
      if (faker.number.float() >= entry.quiz.takers) continue;
      const good = faker.number.float() < entry.quiz.good;
      const result = await take(rep, entry, good);
      // A repeatable quiz failed once is often retried and passed.
      if (result.can_repeat && faker.number.float() < 0.6) await take(rep, entry, true);
    }
  }

  // The demo seller: passed the drinks quiz, failed the repeatable safety quiz once; the video
  // quiz, the survey and the own-brands quiz are still open to it.
  const [drinks, safety] = created;
  if (drinks) await take(demoSeller, drinks, true);
  if (safety) await take(demoSeller, safety, false);
}
