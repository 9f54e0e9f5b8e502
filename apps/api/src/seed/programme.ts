import type { Db } from '../db/client.ts';
import { saveSettings } from '../modules/settings/settings.service.ts';

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

export async function seedProgramme(db: Db) {
  await saveSettings(db, null, {
    organiser: 'Konsumencka Sp. z o.o.',
    address: 'ul. Marszałkowska 100, 00-026 Warszawa',
    phone: '+48 22 100 20 30 (pn.–pt. 8:00–17:00)',
    email: 'program@example.com',
    rules: DEMO_RULES,
  });
}
