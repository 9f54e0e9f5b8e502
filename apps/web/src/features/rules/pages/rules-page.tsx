import { Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Logo } from '../../../components/logo.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The programme's rules, a legal text kept in Polish (the language of the programme agreement). */
const SECTIONS: { title: string; points: string[] }[] = [
  {
    title: '§1. Organizator i czas trwania',
    points: [
      'Organizatorem programu motywacyjnego jest Konsumencka Sp. z o.o. z siedzibą w Warszawie, ul. Marszałkowska 100, 00-026 Warszawa.',
      'Program trwa do odwołania. O jego zakończeniu uczestnicy zostaną powiadomieni z co najmniej 30-dniowym wyprzedzeniem.',
    ],
  },
  {
    title: '§2. Uczestnicy',
    points: [
      'Uczestnikami są przedstawiciele handlowi (PH) hurtowni współpracujących z Organizatorem, zgłoszeni przez hurtownię lub kierownika regionalnego.',
      'Konto uczestnika aktywuje się, ustawiając hasło z linku wysłanego na adres e-mail uczestnika.',
    ],
  },
  {
    title: '§3. Nagrody',
    points: [
      'Uczestnik zdobywa nagrody pieniężne w PLN za rozwiązywanie quizów i ankiet oraz za wyniki sprzedażowe w wyzwaniach.',
      'Wysokość nagrody za quiz, liczba wymaganych poprawnych odpowiedzi i możliwość ponownego podejścia są podane przy każdym quizie.',
      'Nagrody za wyzwania są naliczane na podstawie danych sprzedażowych przekazanych przez hurtownie.',
    ],
  },
  {
    title: '§4. Portfel i wypłaty',
    points: [
      'Zdobyte nagrody trafiają do portfela uczestnika. Uczestnik może w każdej chwili zlecić wypłatę całego salda.',
      'Wypłata jest realizowana na przedpłaconą kartę uczestnika, zwykle w ciągu 14 dni od zlecenia.',
      'Jeśli wypłata nie powiedzie się, środki wracają do portfela, a uczestnik zostaje o tym poinformowany.',
    ],
  },
  {
    title: '§5. Dane osobowe',
    points: [
      'Administratorem danych osobowych uczestników jest Organizator. Dane są przetwarzane wyłącznie w celu prowadzenia programu i wypłaty nagród.',
      'Uczestnik ma prawo dostępu do swoich danych, ich sprostowania oraz żądania ich usunięcia po zakończeniu udziału w programie.',
    ],
  },
  {
    title: '§6. Reklamacje',
    points: [
      'Reklamacje można zgłaszać na adres program@example.com w ciągu 30 dni od zdarzenia. Organizator odpowiada w ciągu 14 dni.',
    ],
  },
];

export function RulesPage() {
  const { t } = useTranslation();
  return (
    <Container component="main" size="sm" py="xl">
      <Stack>
        <Logo />
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <Title order={1} fz={26} mb="md">
            {t('rules.title')}
          </Title>
          <Stack gap="lg">
            {SECTIONS.map((s) => (
              <section key={s.title}>
                <Title order={2} fz="lg" mb={6}>
                  {s.title}
                </Title>
                <List type="ordered" spacing={6}>
                  {s.points.map((p) => (
                    <List.Item key={p}>
                      <Text fz="sm">{p}</Text>
                    </List.Item>
                  ))}
                </List>
              </section>
            ))}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
