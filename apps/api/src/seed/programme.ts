import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { programmeRules, rulesAcceptances, users } from '../db/schema.ts';
import { saveSettings } from '../modules/settings/settings.service.ts';
import { insertChunked } from './people.ts';

/**
 * The demo programme's organiser, contact details and rules (decision 047): what an admin would
 * type on the settings page of a real programme. Saved through the settings service, so the rules
 * are sanitized and versioned as an admin's save would be.
 */
const DEMO_RULES = [
  '<h2>§1. Organizator i czas trwania</h2><ol><li><p>Organizatorem programu motywacyjnego jest Konsumencka Sp. z o.o. z siedzibą w Warszawie, ul. Marszałkowska 100, 00-026 Warszawa.</p></li><li><p>Program trwa do odwołania. O jego zakończeniu uczestnicy zostaną powiadomieni z co najmniej 30-dniowym wyprzedzeniem.</p></li></ol>',
  '<h2>§2. Uczestnicy</h2><ol><li><p>Uczestnikami są przedstawiciele handlowi (PH) hurtowni współpracujących z Organizatorem, zgłoszeni przez hurtownię lub kierownika regionalnego.</p></li><li><p>Konto uczestnika aktywuje się, ustawiając hasło z linku wysłanego na adres e-mail uczestnika.</p></li></ol>',
  '<h2>§3. Nagrody</h2><ol><li><p>Uczestnik zdobywa nagrody pieniężne w PLN za rozwiązywanie quizów i ankiet oraz za wyniki sprzedażowe w wyzwaniach.</p></li><li><p>Wysokość nagrody za quiz, liczba wymaganych poprawnych odpowiedzi i możliwość ponownego podejścia są podane przy każdym quizie.</p></li><li><p>Nagrody za wyzwania są naliczane na podstawie danych sprzedażowych przekazanych przez hurtownie.</p></li></ol>',
  '<h2>§4. Portfel i wypłaty</h2><ol><li><p>Zdobyte nagrody trafiają do portfela uczestnika. Uczestnik może w każdej chwili zlecić wypłatę całego salda.</p></li><li><p>Wypłata jest realizowana na przedpłaconą kartę uczestnika, zwykle w ciągu 14 dni od zlecenia.</p></li><li><p>Jeśli wypłata nie powiedzie się, środki wracają do portfela, a uczestnik zostaje o tym poinformowany.</p></li></ol>',
  '<h2>§5. Dane osobowe</h2><ol><li><p>Administratorem danych osobowych uczestników jest Organizator. Dane są przetwarzane wyłącznie w celu prowadzenia programu i wypłaty nagród.</p></li><li><p>Uczestnik ma prawo dostępu do swoich danych, ich sprostowania oraz żądania ich usunięcia po zakończeniu udziału w programie.</p></li></ol>',
  '<h2>§6. Reklamacje</h2><ol><li><p>Reklamacje można zgłaszać na adres program@example.com w ciągu 30 dni od zdarzenia. Organizator odpowiada w ciągu 14 dni.</p></li></ol>',
].join('');

/** The second version adds the tax paragraph (issue 30): the reps accepted it at a later sign-in. */
const DEMO_RULES_V2 = `${DEMO_RULES}<h2>§7. Podatki</h2><ol><li><p>Nagrody są przychodem uczestnika. Organizator co roku przekazuje uczestnikowi i urzędowi skarbowemu informację PIT-11 o nagrodach wypłaconych w danym roku.</p></li><li><p>Do jej sporządzenia uczestnik podaje w profilu numer PESEL, adres zamieszkania i właściwy urząd skarbowy.</p></li></ol>`;

const DAY = 86400_000;

/**
 * Two versions of the rules (issue 30 point 3): the first published 200 days ago, the second 30 days
 * ago. Every account activated by then accepted the first when it set its password; every activated
 * rep has accepted the second since, so every demo sign-in goes straight in (a rep who has not is
 * asked first: the browser tests publish a version of their own to see that).
 */
export async function seedProgramme(db: Db, now: Date = new Date()) {
  const facts = {
    organiser: 'Konsumencka Sp. z o.o.',
    address: 'ul. Marszałkowska 100, 00-026 Warszawa',
    phone: '+48 22 100 20 30 (pn.–pt. 8:00–17:00)',
    email: 'program@example.com',
  };
  await saveSettings(db, null, { ...facts, rules: DEMO_RULES });
  await saveSettings(db, null, { ...facts, rules: DEMO_RULES_V2 });
  const [v1, v2] = (
    await db.select({ id: programmeRules.id }).from(programmeRules).orderBy(asc(programmeRules.id))
  ).map((r) => r.id) as [number, number];
  const v1At = new Date(now.getTime() - 200 * DAY);
  const v2At = new Date(now.getTime() - 30 * DAY);
  await db.update(programmeRules).set({ createdAt: v1At }).where(eq(programmeRules.id, v1));
  await db.update(programmeRules).set({ createdAt: v2At }).where(eq(programmeRules.id, v2));
  const people = await db
    .select({ id: users.id, role: users.role, activatedAt: users.activatedAt })
    .from(users)
    .where(and(isNull(users.deletedAt), isNotNull(users.activatedAt)));
  const rows: (typeof rulesAcceptances.$inferInsert)[] = [];
  for (const p of people) {
    const activated = (p.activatedAt as Date).getTime();
    if (activated < v2At.getTime())
      rows.push({ userId: p.id, rulesId: v1, acceptedAt: new Date(Math.max(activated, v1At.getTime())) });
    // The second version: at activation for those who came after it, else at a sign-in in the days after.
    if (p.role === 'seller' || activated >= v2At.getTime()) {
      const at = activated >= v2At.getTime() ? activated : v2At.getTime() + ((p.id * 7_919_000) % (25 * DAY));
      rows.push({ userId: p.id, rulesId: v2, acceptedAt: new Date(at) });
    }
  }
  await insertChunked(rows, 2000, (chunk) => db.insert(rulesAcceptances).values(chunk));
}
