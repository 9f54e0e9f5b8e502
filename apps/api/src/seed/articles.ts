import { articleFieldsSchema } from '@incentive/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { createArticle } from '../modules/articles/articles.service.ts';
import { createProduct } from '../modules/products/products.service.ts';
import { demoImage } from './demo-images.ts';

const DAY = 86_400_000;

/** The provider's demo catalogue; `code` is the product's id in the wholesalers' sales exports. */
const PRODUCTS = [
  {
    key: 'cytryna',
    name: 'Napój Cytryna z miętą 0,5 l',
    code: 'NAP-050-CM',
    hue: 95,
    description: 'Niegazowany napój o smaku cytryny z miętą, butelka 0,5 l.',
  },
  {
    key: 'malina',
    name: 'Napój Malina z limonką 0,5 l',
    code: 'NAP-050-ML',
    hue: 340,
    description: 'Lekko gazowany napój o smaku maliny z limonką, butelka 0,5 l.',
  },
  {
    key: 'herbata',
    name: 'Zielona herbata z brzoskwinią 1 l',
    code: 'HRB-100-ZB',
    hue: 150,
    description: 'Mrożona zielona herbata z brzoskwinią, karton 1 l.',
  },
  {
    key: 'baton',
    name: 'Baton Orzechowy Mocny 50 g',
    code: 'BAT-050-OM',
    hue: 30,
    description: 'Baton z prażonymi orzechami i karmelem, 50 g.',
  },
  {
    key: 'kawa',
    name: 'Kawa ziarnista Poranek 1 kg',
    code: 'KAW-1000-PR',
    hue: 25,
    description: 'Mieszanka arabiki i robusty do ekspresów ciśnieniowych, 1 kg.',
  },
  {
    key: 'woda',
    name: 'Woda mineralna Źródlana 1,5 l',
    code: 'WOD-150-ZR',
    hue: 205,
    description: 'Niskozmineralizowana woda niegazowana, butelka 1,5 l.',
  },
] as const;

type ProductKey = (typeof PRODUCTS)[number]['key'];

interface DemoArticle {
  title: string;
  lead: string;
  content: string;
  hue: number;
  product?: ProductKey;
  videoUrl?: string;
  /** Days before the seed's `now`; negative: scheduled for the future; null: a draft. */
  publishedDaysAgo: number | null;
}

const ARTICLES: DemoArticle[] = [
  {
    title: 'Nowe smaki napojów już w hurtowniach',
    lead: 'Cytryna z miętą i malina z limonką trafiają na półki. Sprawdź, jak je ustawić, żeby sprzedawały się same.',
    content:
      '<h2>Dwa nowe smaki</h2><p>Od tego miesiąca w ofercie są <strong>Cytryna z miętą</strong> i <strong>Malina z limonką</strong>. Oba napoje mają butelkę 0,5 l i mieszczą się w standardowej lodówce przy kasie.</p><ul><li>ustaw je na wysokości oczu,</li><li>łącz z przekąskami przy kasie,</li><li>pilnuj, żeby lodówka była pełna w weekend.</li></ul>',
    hue: 95,
    product: 'cytryna',
    publishedDaysAgo: 1,
  },
  {
    title: 'Malina z limonką: jak rozmawiać z klientem',
    lead: 'Trzy zdania, które pomagają polecić nowy napój bez nachalności.',
    content:
      '<p>Klienci chętnie próbują nowych smaków, jeśli usłyszą <em>krótką i konkretną</em> rekomendację.</p><ol><li>„Mamy nowość: malina z limonką, lekko gazowana”.</li><li>„Świetnie pasuje do batona orzechowego”.</li><li>„W tym tygodniu jest w promocji”.</li></ol>',
    hue: 340,
    product: 'malina',
    publishedDaysAgo: 3,
  },
  {
    title: 'Zielona herbata z brzoskwinią na lato',
    lead: 'Karton 1 l to hit sezonu. Zobacz krótki film o tym, jak powstaje.',
    content:
      '<p>Mrożona herbata sprzedaje się najlepiej od maja do września. Film pokazuje, jak powstaje nasza zielona herbata z brzoskwinią.</p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" allowfullscreen="true" title="Zielona herbata"></iframe><p>Ustaw kartony obok wody mineralnej: klienci kupują je razem.</p>',
    hue: 150,
    product: 'herbata',
    videoUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    publishedDaysAgo: 6,
  },
  {
    title: 'Baton Orzechowy Mocny wraca w nowym opakowaniu',
    lead: 'Ten sam smak, bardziej widoczne opakowanie i nowy kod w zestawieniach sprzedaży.',
    content:
      '<p>Baton ma teraz <strong>jaskrawożółte opakowanie</strong>, które widać z daleka. W zestawieniach sprzedaży występuje pod kodem <code>BAT-050-OM</code>.</p><blockquote><p>Ustaw batony przy kasie, na wysokości dłoni klienta.</p></blockquote>',
    hue: 30,
    product: 'baton',
    publishedDaysAgo: 9,
  },
  {
    title: 'Kawa Poranek: sprzedaż do kawiarni i biur',
    lead: 'Kilogramowe opakowanie kawy ziarnistej to dobra propozycja dla małych firm.',
    content:
      '<p>Małe biura i kawiarnie szukają kawy, która dobrze smakuje z ekspresu ciśnieniowego. <strong>Poranek</strong> to mieszanka arabiki i robusty o niskiej kwasowości.</p><p>Zaproponuj próbkę przy następnej wizycie u klienta.</p>',
    hue: 25,
    product: 'kawa',
    publishedDaysAgo: 14,
  },
  {
    title: 'Woda Źródlana: ekspozycja w upały',
    lead: 'Gdy temperatura przekracza 25°C, sprzedaż wody rośnie dwukrotnie. Przygotuj się wcześniej.',
    content:
      '<p>Sprawdź zapasy wody <strong>Źródlanej 1,5 l</strong> przed prognozowanymi upałami.</p><ul><li>zgrzewki przy wejściu,</li><li>pojedyncze butelki w lodówce,</li><li>cena widoczna z daleka.</li></ul>',
    hue: 205,
    product: 'woda',
    publishedDaysAgo: 20,
  },
  {
    title: 'Wyzwanie sprzedażowe jesieni',
    lead: 'Za każdą sprzedaną zgrzewkę napojów dostajesz dodatkowe punkty. Zasady w skrócie.',
    content:
      '<h2>Jak to działa</h2><p>Wyniki sprzedaży spływają z hurtowni raz w tygodniu. Za każdą zgrzewkę napojów z nowej oferty naliczamy nagrodę na Twoją kartę.</p><p>Szczegóły znajdziesz w zakładce wyzwań.</p>',
    hue: 265,
    publishedDaysAgo: 25,
  },
  {
    title: 'Jak szybko wypłacić nagrodę na kartę',
    lead: 'Krótki poradnik: od zebranych punktów do pieniędzy na karcie przedpłaconej.',
    content:
      '<ol><li>Wejdź w zakładkę <strong>Wypłać</strong>.</li><li>Wpisz kwotę nie większą niż saldo.</li><li>Potwierdź wypłatę: pieniądze trafią na kartę w ciągu kilku dni roboczych.</li></ol>',
    hue: 120,
    publishedDaysAgo: 32,
  },
  {
    title: 'Pięć zasad dobrej ekspozycji przy kasie',
    lead: 'Strefa przy kasie sprzedaje najwięcej drobnych produktów. Oto co warto tam postawić.',
    content:
      '<p>Miejsce przy kasie to <em>najcenniejszy metr sklepu</em>.</p><ol><li>Produkty impulsowe na wysokości dłoni.</li><li>Napoje w lodówce obok.</li><li>Czytelne ceny.</li><li>Porządek na półce.</li><li>Nowości zawsze z przodu.</li></ol>',
    hue: 55,
    product: 'baton',
    publishedDaysAgo: 45,
  },
  {
    title: 'Szkolenie online dla przedstawicieli',
    lead: 'Nagranie z ostatniego szkolenia o nowej ofercie jest już dostępne.',
    content:
      '<p>Jeśli nie udało Ci się dołączyć do szkolenia na żywo, obejrzyj nagranie.</p><iframe src="https://player.vimeo.com/video/76979871" width="640" height="360" allowfullscreen="true" title="Szkolenie"></iframe>',
    hue: 290,
    videoUrl: 'https://player.vimeo.com/video/76979871',
    publishedDaysAgo: 60,
  },
  {
    title: 'Zimowa oferta kawy i herbaty',
    lead: 'Od grudnia w promocji kawa Poranek i herbaty. Artykuł czeka na publikację.',
    content:
      '<p>Zimą rośnie sprzedaż ciepłych napojów. Przygotuj klientów na grudniową promocję kawy <strong>Poranek</strong>.</p>',
    hue: 15,
    product: 'kawa',
    publishedDaysAgo: -10,
  },
  {
    title: 'Plan na nowy rok (szkic)',
    lead: 'Szkic artykułu o planach sprzedażowych na przyszły rok, jeszcze nieopublikowany.',
    content: '<p>Tu pojawią się cele sprzedażowe i nowe produkty na przyszły rok.</p>',
    hue: 230,
    publishedDaysAgo: null,
  },
];

/**
 * Demo products and articles, through the services as the back office would write them: most are
 * published over the last two months, one is scheduled for the future and one is a draft, so the
 * admin list shows every status and the rep's carousel has enough slides.
 */
export async function seedArticles(db: Db, opts: { now: Date }) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  if (!admin) throw new Error('the demo accounts come before the articles');
  const productIds = new Map<ProductKey, number>();
  for (const p of PRODUCTS) {
    const image = await demoImage(p.name, p.hue);
    const id = await createProduct(db, { name: p.name, description: p.description, code: p.code, image }, admin.id);
    productIds.set(p.key, id);
  }
  for (const a of ARTICLES) {
    const fields = articleFieldsSchema.parse({
      title: a.title,
      excerpt: a.lead,
      content: a.content,
      product_id: a.product ? String(productIds.get(a.product)) : '',
      video_url: a.videoUrl ?? '',
      published_at:
        a.publishedDaysAgo === null ? '' : new Date(opts.now.getTime() - a.publishedDaysAgo * DAY).toISOString(),
    });
    await createArticle(db, admin, fields, await demoImage(a.title, a.hue));
  }
}
