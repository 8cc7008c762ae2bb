import { WATTS_PER_SQUARE_METRE } from '@kaloryfer/domain';
import type { AdviceArticle } from '@kaloryfer/api-contract';
import { check, familyOf, FigureWriter, modelOutput, number, wattsText, type AdviceFigure } from './advice-figures';
import { COLOURS } from './reference-data';

/**
 * The advice articles of /porady: Polish texts on real questions of buying, fitting and running
 * radiators. Bodies are markdown-light (blank lines between paragraphs, "## " headings, "- "
 * list items). Every heat-output, W-per-m² and catalogue figure is written by a FigureWriter
 * from the shop's own rules, so the articles say what the product pages and the room helper say.
 */

/** Topic slugs (the `?topic=` of /porady); the storefront's dictionaries name them. */
export const ADVICE_TOPICS = ['dobor-grzejnika', 'pompy-ciepla', 'montaz', 'lazienka', 'konserwacja', 'sterowanie', 'aranzacje'] as const;
export type AdviceTopic = (typeof ADVICE_TOPICS)[number];

interface ArticleSeed {
  slug: string;
  title: string;
  topic: AdviceTopic;
  lead: string;
  published: string;
  /** A served catalogue drawing (`/product/{style}-{w}x{h}-{hex}.svg`): the picture search engines see. */
  image: string;
  related: string;
  body: (f: FigureWriter) => string;
}

/** Words a reader reads per minute, for the "min czytania" of a card. */
export const WORDS_PER_MINUTE = 200;

export function readingMinutes(body: string): number {
  const words = body
    .replace(/^(## |- )/gm, '')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** The figures each article's body states, by slug (for the seed test). */
export const ADVICE_FIGURES: Record<string, AdviceFigure[]> = {};

let nextId = 1;
function article(seed: ArticleSeed): AdviceArticle {
  const writer = new FigureWriter();
  const body = seed.body(writer).trim();
  ADVICE_FIGURES[seed.slug] = writer.figures;
  return {
    id: nextId++,
    slug: seed.slug,
    title: seed.title,
    topic: seed.topic,
    lead: seed.lead,
    body,
    reading_minutes: readingMinutes(body),
    published_at: seed.published,
    image: seed.image,
    related_category_slug: seed.related,
  };
}

const perSquareMetre = (room: keyof typeof WATTS_PER_SQUARE_METRE) => `${WATTS_PER_SQUARE_METRE[room]} W/m²`;
const exponentText = (code: string) => number(familyOf(code).exponent, 2);

export const ADVICE_ARTICLES: AdviceArticle[] = [
  article({
    slug: 'grzejniki-do-pompy-ciepla',
    title: 'Grzejniki do pompy ciepła: ile mocy zostaje przy 55/45 i 45/35',
    topic: 'pompy-ciepla',
    published: '2026-11-16',
    image: '/product/panel-1500x600-f4f4f0.svg',
    related: 'grzejniki-panelowe-typ-33',
    lead: 'Pompa ciepła pracuje najtaniej, gdy woda w grzejnikach jest chłodna. Sprawdź, ile mocy zostaje z grzejnika przy 55/45/20 i 45/35/20 i jak go dobrać, żeby w mroźny dzień było ciepło.',
    body: (f) => {
      const room = f.need(12, 'living');
      const panel = f.smallest('P33', room.value, '45/35/20', 600);
      const p22Longest = Math.max(...familyOf('P22').widths);
      const p22Largest = modelOutput('P22', p22Longest, 600);
      check(p22Largest < panel.nominal.value, 'a type 22 panel 600 mm high is too small even at its longest');
      return `
## Dlaczego niska temperatura zasilania

Pompa ciepła jest tym sprawniejsza, im mniejsza różnica między temperaturą źródła (powietrza, gruntu) a temperaturą wody, którą podaje do grzejników. Każdy stopień mniej na zasilaniu to niższy rachunek za prąd. Dlatego instalacje z pompą ciepła projektuje się na parametry 55/45/20, a w nowych, dobrze ocieplonych domach nawet na 45/35/20: woda zasilająca 45 °C, powrotna 35 °C, pokój 20 °C.

## Ile mocy zostaje z grzejnika

Producenci podają moc grzejnika zgodnie z normą PN-EN 442 przy 75/65/20. W innych warunkach moc liczy się ze wzoru Φ = Φ75 × (ΔT / 49,83)^n, gdzie ΔT to średnia logarytmiczna różnica temperatur wody i powietrza, a n to wykładnik grzejnika. Przy 55/45/20 ΔT wynosi ${f.deltaT('55/45/20')}, a przy 45/35/20 zaledwie ${f.deltaT('45/35/20')}. Grzejnik o mocy katalogowej 1000 W (n = 1,3) odda więc:

- przy 70/55/20: ${f.output(1000, '70/55/20')},
- przy 55/45/20: ${f.output(1000, '55/45/20')}, czyli ${f.share('55/45/20')} mocy z katalogu,
- przy 45/35/20: ${f.output(1000, '45/35/20')}, czyli ${f.share('45/35/20')} mocy z katalogu.

## Przykład doboru

Pokój dzienny o powierzchni 12 m² potrzebuje według naszego kalkulatora około ${room} (${perSquareMetre('living')}). Grzejniki panelowe z naszej oferty mają wykładnik n = ${exponentText('P33')}, więc przy 45/35/20 trzeba szukać mocy katalogowej co najmniej ${f.nominal(room.value, '45/35/20', familyOf('P33').exponent)}. Najmniejszy grzejnik panelowy typ 33 o wysokości 600 mm, który to zapewni, ma wymiary ${panel.size}: ${panel.nominal} w katalogu i ${panel.output} przy 45/35/20. Typ 22 tej samej wysokości nie wystarczy nawet w długości ${number(p22Longest)} mm (${wattsText(p22Largest)} w katalogu).

## Co wybrać do pompy ciepła

- grzejniki o dużej powierzchni wymiany ciepła: panelowe typu 22 i 33 albo wysokie grzejniki dekoracyjne,
- kilka mniejszych grzejników zamiast jednego, gdy na ścianie brakuje miejsca,
- grzejniki niskotemperaturowe z wentylatorem tam, gdzie liczy się każdy centymetr,
- moc zawsze przy swoich temperaturach: na karcie produktu wybierzesz 55/45/20 albo 45/35/20 i zobaczysz, ile grzejnik odda.

## Czy trzeba wymieniać wszystkie grzejniki

Nie zawsze. Policz zapotrzebowanie każdego pomieszczenia osobno i porównaj je z mocą obecnych grzejników przy nowych temperaturach. Często wystarczy powiększyć grzejniki w dwóch, trzech pokojach, a w pozostałych zostawić dotychczasowe.`;
    },
  }),
  article({
    slug: 'jak-dobrac-moc-grzejnika',
    title: 'Jak dobrać moc grzejnika do pomieszczenia',
    topic: 'dobor-grzejnika',
    published: '2026-11-02',
    image: '/product/vertical-500x1800-383e42.svg',
    related: 'grzejniki-panelowe',
    lead: 'Za mały grzejnik nie dogrzeje pokoju, za duży niepotrzebnie kosztuje. Pokazujemy, jak w kilka minut policzyć potrzebną moc, z uwzględnieniem ocieplenia domu i temperatury wody w instalacji.',
    body: (f) => {
      const living = f.need(15, 'living');
      return `
## Ile watów na metr kwadratowy

Do wstępnego doboru wystarczy prosta reguła: zapotrzebowanie na ciepło zależy od tego, jak dobrze budynek trzyma ciepło. Dla pomieszczeń o wysokości do około 2,7 m przyjmuje się:

- dom dobrze ocieplony, nowe budownictwo, szczelne okna: około 60 W/m²,
- dom ocieplony przeciętnie, budynek z lat dziewięćdziesiątych: około 80 W/m²,
- budynek nieocieplony, stara kamienica, narożny pokój: 100 W/m² i więcej.

Nasz kalkulator mocy w kategoriach grzejników liczy według rodzaju pomieszczenia: salon ${perSquareMetre('living')}, sypialnia ${perSquareMetre('bedroom')}, kuchnia ${perSquareMetre('kitchen')}, przedpokój ${perSquareMetre('hall')}, a łazienka ${perSquareMetre('bathroom')}, bo w niej utrzymujemy 24 °C.

## Przykład: salon 15 m²

W przeciętnie ocieplonym domu salon o powierzchni 15 m² potrzebuje około ${living}. W domu dobrze ocieplonym wystarczy ${f.need(15, 60)}, w budynku nieocieplonym trzeba ${f.need(15, 100)}. Przy wysokich pomieszczeniach (powyżej 3 m) lepiej liczyć kubaturę albo poprosić o projektową analizę strat ciepła.

## Moc z katalogu to moc przy 75/65/20

Producenci podają moc zgodnie z normą PN-EN 442 przy temperaturach 75/65/20: woda zasilająca 75 °C, powrotna 65 °C, pokój 20 °C. Kocioł kondensacyjny pracuje zwykle chłodniej, a pompa ciepła jeszcze chłodniej. Grzejnik o mocy katalogowej 1000 W odda:

- przy 70/55/20: ${f.output(1000, '70/55/20')},
- przy 55/45/20: ${f.output(1000, '55/45/20')},
- przy 45/35/20: ${f.output(1000, '45/35/20')}.

## Policz moc katalogową

Dla salonu z przykładu i kotła kondensacyjnego pracującego na 55/45/20 szukaj grzejnika o mocy katalogowej co najmniej ${f.nominal(living.value, '55/45/20')}. Przy pompie ciepła i 45/35/20 będzie to już ${f.nominal(living.value, '45/35/20')} – taką moc warto rozdzielić na dwa grzejniki, na przykład pod dwoma oknami.

## Na co jeszcze zwrócić uwagę

- zasłony do podłogi, obudowy i meble przed grzejnikiem ograniczają oddawanie ciepła,
- pomieszczenia z dużymi przeszkleniami potrzebują zapasu mocy,
- na karcie produktu ustawisz własne temperatury zasilania i od razu zobaczysz moc grzejnika w swoich warunkach.`;
    },
  }),
  article({
    slug: 'zawory-i-glowice-termostatyczne',
    title: 'Zawory i głowice termostatyczne: jak działają i jak je ustawić',
    topic: 'sterowanie',
    published: '2026-10-20',
    image: '/product/head-400x600-f4f4f0.svg',
    related: 'glowice-termostatyczne',
    lead: 'Cyfry na głowicy to nie moc grzejnika, tylko temperatura w pokoju. Wyjaśniamy, jak współpracują zawór i głowica, co oznacza nastawa wstępna i jak ustawić głowicę, żeby oszczędzać.',
    body: (f) => `
## Zawór i głowica to dwie części

Zawór termostatyczny wkręca się w zasilanie grzejnika; ma trzpień, który otwiera i zamyka przepływ wody. Głowica nakręcona na zawór mierzy temperaturę powietrza i przesuwa trzpień: gdy w pokoju robi się ciepło, przymyka zawór, gdy chłodno – otwiera. Najpopularniejsze gwinty głowic to M30×1,5; przed zakupem sprawdź, jaki gwint ma zawór w Twoim grzejniku.

## Co oznaczają cyfry

Na większości głowic poszczególne cyfry odpowiadają w przybliżeniu:

- „*” – ochrona przed zamarzaniem, około 6 °C,
- „1” – około 12 °C,
- „2” – około 16 °C,
- „3” – około 20 °C,
- „4” – około 24 °C,
- „5” – około 28 °C.

Ustawienie „5” nie nagrzeje pokoju szybciej – grzejnik po prostu dłużej pracuje na pełnej mocy i przegrzewa pomieszczenie.

## Cieplej w pokoju, mniej mocy z grzejnika

Grzejnik oddaje tym mniej ciepła, im mniejsza różnica temperatur między wodą a powietrzem. Grzejnik o mocy katalogowej 1000 W przy zasilaniu 55/45 odda w pokoju o temperaturze 20 °C ${f.output(1000, '55/45/20')}, ale przy 22 °C już tylko ${f.output(1000, '55/45/22')}. To jeden z powodów, dla których niższa temperatura w pokoju daje realne oszczędności: obniżenie temperatury o 1 °C zmniejsza zużycie ciepła o około 6%.

## Nastawa wstępna

Wiele zaworów ma pierścień nastawy wstępnej (zwykle 1–6 albo N). Instalator ustawia na nim największy przepływ dla danego grzejnika, tak aby grzejniki blisko kotła nie „zabierały” wody tym najdalszym. To równoważenie hydrauliczne: bez niego część pokoi bywa przegrzana, a część niedogrzana.

## Dobre nawyki

- nie zasłaniaj głowicy zasłoną ani meblem – zmierzy ciepło zamknięte przy grzejniku i za wcześnie zamknie zawór,
- w sypialni wystarczy zwykle „2–3”, w salonie „3”, w łazience „4”,
- po sezonie grzewczym odkręć głowicę na „5”, żeby trzpień zaworu nie zastał się przez lato,
- głowice elektroniczne obniżą temperaturę w nocy i pod nieobecność domowników; wersje z Wi-Fi ustawisz z telefonu.`,
  }),
  article({
    slug: 'odpowietrzanie-grzejnikow',
    title: 'Odpowietrzanie grzejników krok po kroku',
    topic: 'konserwacja',
    published: '2026-10-06',
    image: '/product/valve-600x400-b8bcc0.svg',
    related: 'zawory',
    lead: 'Bulgotanie i zimna góra grzejnika to znak, że w środku jest powietrze. Odpowietrzysz go samodzielnie w kilka minut – wystarczy kluczyk, szmatka i chwila uwagi.',
    body: () => `
## Po czym poznać zapowietrzony grzejnik

Powietrze zbiera się w najwyższym miejscu grzejnika. Objawy są charakterystyczne: górna część grzejnika jest chłodna, a dolna ciepła, w instalacji słychać bulgotanie lub szum, a pokój nagrzewa się wolniej niż zwykle. Powietrze dostaje się do instalacji po napełnieniu jej świeżą wodą, po naprawach i przy zbyt niskim ciśnieniu.

## Przygotuj

- kluczyk do odpowietrznika (albo płaski śrubokręt, zależnie od zaworu),
- szmatkę i niewielkie naczynie na wodę,
- kilkanaście minut: najlepiej odpowietrzać przy wyłączonej pompie obiegowej, gdy powietrze zdąży zebrać się u góry grzejników.

## Odpowietrz

Ustaw głowicę termostatyczną na „5”, żeby zawór był otwarty. Przyłóż szmatkę pod odpowietrznik i odkręć go o pół obrotu. Najpierw usłyszysz syczenie powietrza; gdy zamiast niego popłynie równy strumień wody bez pęcherzyków, zakręć odpowietrznik. Powtórz to przy każdym grzejniku, zaczynając od parteru, a kończąc na najwyższej kondygnacji.

## Sprawdź ciśnienie

Po odpowietrzeniu ciśnienie w instalacji spada. Sprawdź manometr przy kotle: w domu jednorodzinnym zwykle powinien wskazywać 1–2 bar (dokładną wartość podaje instrukcja kotła). Jeśli ciśnienie jest za niskie, uzupełnij wodę zaworem napełniającym i jeszcze raz sprawdź grzejniki na najwyższym piętrze.

## Gdy problem wraca

Jeżeli grzejniki trzeba odpowietrzać co kilka dni, w instalacji jest nieszczelność albo za mało wody w naczyniu wzbiorczym. Wezwij instalatora. Pomocne są też automatyczne odpowietrzniki montowane w najwyższych punktach instalacji: same wypuszczają powietrze, gdy się zbierze.`,
  }),
  article({
    slug: 'grzejnik-lazienkowy-z-grzalka',
    title: 'Grzejnik łazienkowy z grzałką: jak to działa i ile kosztuje',
    topic: 'lazienka',
    published: '2026-09-22',
    image: '/product/electric-500x1200-f4f4f0.svg',
    related: 'grzalki',
    lead: 'Drabinka podłączona do centralnego ogrzewania grzeje tylko w sezonie. Grzałka elektryczna suszy ręczniki także latem – podpowiadamy, jak ją dobrać, podłączyć i ile kosztuje prąd.',
    body: (f) => {
      const ladder = f.model('LD', 500, 1200);
      const kwh = (400 * 2 * 30) / 1000;
      const pricePerKwh = 1.1;
      return `
## Trzy sposoby pracy

- tylko wodny: drabinka podłączona do centralnego ogrzewania; najtańszy w eksploatacji, ale grzeje tylko wtedy, gdy działa kocioł,
- tylko elektryczny: grzejnik wypełniony fabrycznie płynem, z grzałką i sterownikiem; działa przez cały rok, niezależnie od instalacji,
- mieszany: drabinka wodna z dodatkową grzałką; zimą grzeje woda z kotła, latem i w chłodne dni przejściowe – grzałka.

## Jaką grzałkę wybrać

Moc grzałki nie powinna przekraczać mocy grzejnika. Drabinka 500×1200 mm z naszej oferty ma w katalogu ${ladder} (75/65/20), ale w łazience, w której utrzymujemy 24 °C, odda przy 75/65/24 ${f.output(ladder.value, '75/65/24', familyOf('LD').exponent)}, a przy zasilaniu 55/45/24 tylko ${f.output(ladder.value, '55/45/24', familyOf('LD').exponent)}. Do takiej drabinki pasuje grzałka 300–400 W. Grzałka ze sterownikiem pozwala ustawić temperaturę, tryb suszenia ręczników i wyłączenie po czasie.

## Podłączenie w trybie mieszanym

Grzałkę wkręca się w dolny króciec grzejnika, a zasilanie wodne doprowadza przez trójnik. Na zasilaniu i powrocie potrzebne są zawory odcinające. Latem, gdy pracuje grzałka, zamknij zawór na zasilaniu, ale nigdy nie zamykaj obu zaworów naraz: nagrzana woda się rozszerza i musi mieć ujście do instalacji.

## Bezpieczeństwo

Łazienka to pomieszczenie wilgotne. Grzejnik z grzałką montuje się poza strefą bezpośredniego zachlapania, a obwód musi być zabezpieczony wyłącznikiem różnicowoprądowym 30 mA. Gniazdo lub puszkę przyłączeniową montuje elektryk, z zachowaniem stopnia ochrony co najmniej IPX4.

## Ile kosztuje prąd

Grzałka 400 W pracująca dwie godziny dziennie przez 30 dni zużyje ${number(kwh)} kWh. Przy cenie około ${number(pricePerKwh, 2)} zł za kWh to ${number(kwh * pricePerKwh, 2)} zł miesięcznie. Sterownik z programem tygodniowym pozwala grzać tylko wtedy, gdy ręczniki naprawdę trzeba wysuszyć.`;
    },
  }),
  article({
    slug: 'jaki-rozmiar-grzejnika-lazienkowego',
    title: 'Jaki rozmiar grzejnika łazienkowego wybrać',
    topic: 'lazienka',
    published: '2026-09-08',
    image: '/product/ladder-500x1800-f4f4f0.svg',
    related: 'grzejniki-drabinkowe',
    lead: 'Drabinka ma ogrzać łazienkę do 24 °C i wysuszyć ręczniki. Liczymy, jakiej mocy potrzebuje łazienka 6 m² i jaki rozmiar grzejnika ją zapewni przy różnych temperaturach wody.',
    body: (f) => {
      const bathroom = f.need(6, 'bathroom');
      const exponent = familyOf('LD').exponent;
      const boiler = f.smallest('LD', bathroom.value, '75/65/24');
      const condensing = f.smallest('LD', bathroom.value, '70/55/24');
      const heatPump = f.nominal(bathroom.value, '55/45/24', exponent);
      const ladders = familyOf('LD');
      const [widest, tallest] = [Math.max(...ladders.widths), Math.max(...ladders.heights)];
      const largest = modelOutput('LD', widest, tallest);
      check(heatPump.value > largest, 'at 55/45/24 even the largest ladder is too small');
      return `
## Łazienka potrzebuje więcej ciepła

W łazience utrzymujemy 24 °C, a nie 20 °C jak w pokojach, dlatego nasz kalkulator liczy ${perSquareMetre('bathroom')}. Łazienka o powierzchni 6 m² potrzebuje więc około ${bathroom}. Wyższa temperatura w pomieszczeniu oznacza też mniejszą różnicę temperatur między wodą a powietrzem – ten sam grzejnik odda w łazience mniej ciepła niż w salonie.

## Ile mocy z katalogu

Drabinki z naszej oferty mają wykładnik n = ${exponentText('LD')}. Żeby uzyskać ${bathroom} w łazience:

- przy starszym kotle (75/65/24) wystarczy drabinka ${boiler.size}: ${boiler.nominal} w katalogu, ${boiler.output} w łazience,
- przy kotle kondensacyjnym (70/55/24) potrzebna jest drabinka ${condensing.size}: ${condensing.nominal} w katalogu, ${condensing.output} w łazience,
- przy pompie ciepła (55/45/24) trzeba aż ${heatPump} mocy katalogowej – więcej, niż ma największa drabinka ${number(widest)}×${number(tallest)} mm (${wattsText(largest)}). Wtedy drabinkę łączy się z ogrzewaniem podłogowym albo dobiera grzałkę na chłodne dni.

## Ręczniki zmniejszają moc

Ręcznik przewieszony przez drabinkę zasłania część jej powierzchni. Jeśli grzejnik ma jednocześnie grzać łazienkę i suszyć ręczniki, wybierz model z zapasem mocy albo z grzałką, która dosuszy ręczniki po wyłączeniu ogrzewania.

## Szerokość i wysokość

- szerokość 500–600 mm wygodnie mieści ręcznik kąpielowy złożony na pół,
- najwyższy szczebel powinien być w zasięgu ręki, zwykle nie wyżej niż 180 cm nad podłogą,
- dolną krawędź grzejnika zostaw około 15 cm nad podłogą – łatwiej posprzątać i podłączyć zawory,
- przy wąskiej ścianie lepsza będzie wyższa drabinka niż szersza.`;
    },
  }),
  article({
    slug: 'podlaczenie-boczne-czy-dolne',
    title: 'Podłączenie boczne czy dolne?',
    topic: 'montaz',
    published: '2026-08-25',
    image: '/product/set-800x400-b8bcc0.svg',
    related: 'zestawy-przylaczeniowe',
    lead: 'Rozstaw 500 mm z boku czy V50 od dołu? Wyjaśniamy różnice między podłączeniami grzejnika i podpowiadamy, które wybrać przy wymianie, a które w nowym domu.',
    body: () => `
## Podłączenie boczne

Woda wpływa górnym króćcem i wypływa dolnym po tej samej stronie grzejnika. To klasyczne rozwiązanie, zwykle z gwintem 1/2 cala. Sprawdza się przy wymianie starych grzejników, gdy rury wychodzą ze ściany na wysokości grzejnika. Zawór termostatyczny montuje się wtedy na zasilaniu (u góry), a zawór powrotny na dole.

## Podłączenie dolne V50

Dwa króćce w odstępie 50 mm od spodu grzejnika, zwykle z gwintem zewnętrznym 3/4 cala pod złączki typu eurokonus. Rury wychodzą z podłogi lub ze ściany tuż przy posadzce i są niemal niewidoczne. Grzejnik ma wbudowaną wkładkę zaworową, na którą nakręca się głowicę, a do podłączenia potrzebny jest zestaw przyłączeniowy V50 – prosty albo kątowy, zależnie od tego, skąd wychodzą rury.

## Rozstaw w grzejnikach dekoracyjnych

Grzejniki dekoracyjne i łazienkowe mają często podłączenie dolne w rozstawie 500 mm albo inny, zależny od szerokości grzejnika, a czasem podłączenie środkowe. Zawsze sprawdź rozstaw na karcie produktu przed zamówieniem, a przy wymianie zmierz dokładnie odległość między osiami rur.

## Moc a sposób podłączenia

Moc podawana w katalogu dotyczy podłączenia jednostronnego: zasilanie u góry, powrót u dołu. Przy długich grzejnikach (powyżej około 1,6 m) najlepiej oddają ciepło grzejniki podłączone krzyżowo: zasilanie u góry z jednej strony, powrót u dołu z drugiej. Podłączenie dół–dół po przeciwnych stronach, bez wkładki kierującej wodę do góry, wyraźnie obniża moc.

## Co wybrać

- wymiana grzejnika w starej instalacji: zwykle podłączenie boczne albo dolne z tym samym rozstawem co dotychczas,
- nowy dom lub remont z kuciem podłogi: podłączenie dolne V50, estetyczne i łatwe do zasłonięcia maskownicą,
- łazienka: podłączenie dolne lub środkowe, z zaworami w kolorze grzejnika.`,
  }),
  article({
    slug: 'odleglosci-montazowe-grzejnika',
    title: 'Na jakiej wysokości powiesić grzejnik: odległości od podłogi, ściany i parapetu',
    topic: 'montaz',
    published: '2026-08-11',
    image: '/product/horizontal-1400x600-c9cbcc.svg',
    related: 'grzejniki-dekoracyjne-poziome',
    lead: 'Grzejnik powieszony za nisko trudno wyczyścić, za blisko parapetu – słabo grzeje. Zebraliśmy odległości montażowe, które warto zachować, i pokazujemy, jak dobrać szerokość do okna.',
    body: () => {
      const windowWidth = 1500;
      const minimum = windowWidth * 0.75;
      const model = familyOf('DH').widths.find((width) => width >= minimum);
      check(model !== undefined, 'a horizontal radiator of three quarters of the window width exists');
      return `
## Od podłogi

Dolna krawędź grzejnika powinna być co najmniej 10 cm nad podłogą, a najwygodniej 10–15 cm. Pod grzejnik napływa chłodne powietrze, które ogrzewa się i unosi – za mała szczelina to słabszy obieg i mniej ciepła. Odstęp ułatwia też sprzątanie i montaż zaworów.

## Od parapetu

Między górną krawędzią grzejnika a spodem parapetu zostaw co najmniej 10 cm. Ciepłe powietrze musi swobodnie wypłynąć spod parapetu; jeśli parapet mocno wystaje, odstęp warto zwiększyć. Szeroki parapet nad grzejnikiem może mieć kratkę wentylacyjną.

## Od ściany

Grzejnik montuje się zwykle 3–5 cm od ściany – tyle zapewniają standardowe wsporniki. Grzejnik przysunięty do ściany grzeje słabiej i brudzi ścianę nad sobą smugami kurzu unoszonego przez powietrze. Na ścianie zewnętrznej za grzejnikiem można przykleić matę odbijającą ciepło.

## Szerokość pod oknem

Grzejnik pod oknem powinien mieć co najmniej trzy czwarte szerokości okna – wtedy ciepłe powietrze tworzy kurtynę wzdłuż całej szyby. Pod oknem o szerokości ${number(windowWidth)} mm wybierz grzejnik o szerokości co najmniej ${number(minimum)} mm, czyli w praktyce model ${number(model!)} mm. Grzejnik ustaw symetrycznie względem osi okna.

## Czego unikać

- zasłon sięgających podłogi – zamykają ciepło między grzejnikiem a szybą,
- obudów i ozdobnych osłon bez dużych otworów u dołu i u góry,
- mebli ustawionych tuż przed grzejnikiem,
- zaworu termostatycznego schowanego za zasłoną: głowica zmierzy ciepło przy grzejniku i przymknie zawór, zanim pokój się nagrzeje.`;
    },
  }),
  article({
    slug: 'grzejnik-czy-ogrzewanie-podlogowe',
    title: 'Grzejniki czy ogrzewanie podłogowe?',
    topic: 'dobor-grzejnika',
    published: '2026-07-28',
    image: '/product/panel-1200x600-f4f4f0.svg',
    related: 'grzejniki-panelowe-typ-22',
    lead: 'Podłogówka kojarzy się z komfortem, grzejniki z szybką reakcją. Porównujemy oba systemy: temperatury pracy, koszty, bezwładność i to, jak połączyć je w jednym domu.',
    body: (f) => `
## Inne temperatury wody

Ogrzewanie podłogowe pracuje na bardzo niskich temperaturach: woda zasilająca ma zwykle 30–35 °C, bo podłoga nie może być cieplejsza niż około 29 °C. Grzejniki potrzebują cieplejszej wody. Grzejnik o mocy katalogowej 1000 W zasilany jak podłogówka (35/30/20) oddałby tylko ${f.output(1000, '35/30/20')}, czyli ${f.share('35/30/20')} swojej mocy. Dlatego grzejników nie podłącza się bezpośrednio do obiegu podłogowego – w domu z oboma systemami potrzebne są dwa obiegi albo zawór mieszający dla podłogówki.

## Zalety podłogówki

- ciepło rozkłada się równomiernie, najcieplej jest przy stopach,
- nic nie wisi na ścianach, łatwiej ustawić meble,
- bardzo niska temperatura wody to najlepsze warunki pracy pompy ciepła.

## Zalety grzejników

- szybka reakcja: pokój nagrzeje się w kilkadziesiąt minut, a nie w kilka godzin,
- łatwa regulacja temperatury w każdym pomieszczeniu głowicą termostatyczną,
- niższy koszt montażu i prosta wymiana, także w istniejącym domu,
- grzejnik łazienkowy wysuszy ręczniki, czego podłoga nie zrobi.

## Połączenie obu systemów

Częsty i dobry wybór to podłogówka w łazience, kuchni i salonie na parterze oraz grzejniki w sypialniach na piętrze, gdzie lepiej sprawdza się szybka regulacja i niższa temperatura. W łazience z podłogówką drabinka może być mniejsza, bo suszy ręczniki i dogrzewa pomieszczenie, a podstawowe ciepło daje podłoga.

## A przy pompie ciepła?

Grzejniki też mogą pracować z pompą ciepła – trzeba je jednak dobrać na niższą temperaturę zasilania. Przy 45/35/20 grzejnik daje ${f.share('45/35/20')} mocy katalogowej, więc grzejniki są większe niż przy kotle gazowym.`,
  }),
  article({
    slug: 'wymiana-grzejnika-zeliwnego',
    title: 'Wymiana starego grzejnika żeliwnego',
    topic: 'montaz',
    published: '2026-07-14',
    image: '/product/castiron-600x760-f4f4f0.svg',
    related: 'grzejniki-zeliwne',
    lead: 'Stare żeberka grzeją, ale zajmują miejsce i dużo ważą. Podpowiadamy, jak dobrać nowy grzejnik, gdy wymieniasz żeliwo – i dlaczego po wymianie kotła stary grzejnik przestaje wystarczać.',
    body: (f) => {
      const old = f.model('ZL', 600, 760);
      return `
## Stary grzejnik w nowych warunkach

Żeliwny grzejnik z dziesięciu członów o wysokości 760 mm ma moc katalogową około ${old} (75/65/20). Dawniej kotły pracowały na wysokich temperaturach: przy 90/70/20 taki grzejnik oddawał ${f.output(old.value, '90/70/20')}. Po wymianie kotła na kondensacyjny, pracujący na 55/45/20, ten sam grzejnik odda już tylko ${f.output(old.value, '55/45/20')}. Dlatego po modernizacji kotłowni w niektórych pokojach robi się chłodniej.

## Dobieraj do pomieszczenia, nie do starego grzejnika

Nowego grzejnika nie dobiera się do mocy starego, tylko do zapotrzebowania pomieszczenia przy temperaturach, na których pracuje instalacja. Jeśli dom został ocieplony, zapotrzebowanie mogło spaść nawet o połowę i nowy grzejnik może być mniejszy. Policz moc według powierzchni pokoju i sprawdź ją na karcie produktu przy swoich temperaturach.

## Żeliwo czy stal

- nowy grzejnik żeliwny: duża pojemność wodna, długo oddaje ciepło, pasuje do kamienic i wnętrz w stylu retro; waży kilkakrotnie więcej niż stalowy,
- grzejnik panelowy stalowy: lekki, szybko reaguje na głowicę termostatyczną, najtańszy w przeliczeniu na wat,
- grzejnik rurowy lub dekoracyjny: kompromis między wyglądem a mocą.

## Przed wymianą

- zmierz rozstaw przyłączy (odległość między osiami rur) i wysokość, na której wychodzą ze ściany lub podłogi,
- sprawdź, z czego są rury – stal, miedź czy tworzywo – i jakie mają gwinty,
- przy ciężkim grzejniku żeliwnym sprawdź nośność ściany albo wybierz montaż na nóżkach.

## Wymiana krok po kroku

- zamknij zawory przy grzejniku albo spuść wodę z instalacji,
- odkręć stary grzejnik i zdejmij go z uchwytów – żeliwo jest ciężkie, potrzebne są dwie osoby,
- zamontuj nowe wsporniki z zachowaniem odległości od podłogi i parapetu,
- powieś grzejnik, podłącz zawory, napełnij instalację i odpowietrz,
- obejrzyj wszystkie połączenia pod ciśnieniem; w razie wątpliwości skorzystaj z naszej usługi montażu.`;
    },
  }),
  article({
    slug: 'kolory-grzejnikow-ral',
    title: 'Kolor grzejnika: biel, antracyt czy kolor z palety RAL',
    topic: 'aranzacje',
    published: '2026-06-30',
    image: '/product/vertical-500x1800-2e4a3f.svg',
    related: 'grzejniki-dekoracyjne-pionowe',
    lead: 'Grzejnik może zniknąć na ścianie albo stać się ozdobą wnętrza. Podpowiadamy, jak dobrać kolor, czym różnią się odcienie RAL i ile trwa malowanie grzejnika na zamówienie.',
    body: () => `
## Kolory standardowe

Większość grzejników panelowych jest malowana na biało, zwykle w odcieniu RAL 9016 (biel drogowa). Grzejniki dekoracyjne i łazienkowe w naszym sklepie znajdziesz w ${COLOURS.length} kolorach standardowych – od bieli i czerni matowej, przez antracyt i grafit, po złoty, miedziany i butelkową zieleń.

## Wtopiony w ścianę

Biel i jasna szarość sprawiają, że grzejnik znika na tle ściany. To dobry wybór do małych pomieszczeń i wnętrz, w których grzejnik ma nie przyciągać uwagi. Grzejnik najlepiej dopasować do koloru ściany, a nie do stolarki okiennej.

## Grzejnik jako akcent

Antracyt (RAL 7016), czerń (RAL 9005) czy butelkowa zieleń tworzą mocny akcent, szczególnie przy pionowych grzejnikach dekoracyjnych na pustej ścianie. Ciemny grzejnik dobrze wygląda na jasnej ścianie i przy metalowych dodatkach, na przykład czarnej armaturze w łazience.

## Czy kolor zmienia moc

Kolor lakieru praktycznie nie zmienia mocy grzejnika: lakiery proszkowe, jasne i ciemne, oddają ciepło podobnie. Inaczej jest z powłokami metalicznymi i chromem – błyszcząca powierzchnia słabiej oddaje ciepło przez promieniowanie, więc grzejnik chromowany ma mniejszą moc niż ten sam model malowany. Moc dla danego wykończenia znajdziesz na karcie produktu.

## Kolor RAL na zamówienie

Wiele modeli pomalujemy na dowolny kolor z palety RAL. Malowanie proszkowe jest trwałe i odporne na wysoką temperaturę. Pamiętaj, że:

- czas realizacji wydłuża się – grzejniki w kolorach RAL przygotowujemy w 7–30 dni,
- grzejnik malowany na indywidualne zamówienie nie podlega zwrotowi bez podania przyczyny,
- odcień na ekranie różni się od rzeczywistego; przed zamówieniem porównaj wzornik RAL w świetle dziennym.`,
  }),
  article({
    slug: 'czyszczenie-grzejnikow',
    title: 'Czyszczenie grzejników przed sezonem grzewczym',
    topic: 'konserwacja',
    published: '2026-06-16',
    image: '/product/tubular-900x600-f4f4f0.svg',
    related: 'grzejniki-stalowe-rurowe',
    lead: 'Kurz między lamelami grzejnika to mniej ciepła i suche powietrze w pokoju. Pokazujemy, jak wyczyścić grzejnik panelowy, rurowy i łazienkowy, nie uszkadzając lakieru.',
    body: () => `
## Dlaczego warto

Grzejnik oddaje większość ciepła przez konwekcję: powietrze przepływa między płytami i lamelami, ogrzewa się i unosi. Kurz osadzony w środku zwęża tę drogę, a przypalany przez gorącą powierzchnię daje charakterystyczny zapach i podrażnia drogi oddechowe. Czysty grzejnik grzeje lepiej i nie brudzi ściany nad sobą.

## Grzejnik panelowy

- zdejmij górną maskownicę – w większości modeli wystarczy ją podważyć lub odkręcić dwa wkręty,
- odkurz wnętrze wąską końcówką odkurzacza, a kurz z głębi wyciągnij długą szczotką do grzejników,
- pod grzejnikiem połóż mokry ręcznik: złapie kurz, który spadnie,
- na koniec przetrzyj płyty wilgotną ściereczką i załóż maskownicę.

## Grzejnik rurowy i dekoracyjny

Rurki i profile łatwo wytrzeć ściereczką z mikrofibry. Do przestrzeni między rurkami użyj szczotki albo odkurzacza z miękką końcówką. Grzejniki dekoracyjne często mają osobny pionowy kolektor z tyłu – tam kurz zbiera się najczęściej.

## Grzejnik łazienkowy

Osad z wody i kosmetyków zmyjesz łagodnym płynem do mycia naczyń rozcieńczonym w ciepłej wodzie. Chrom i stal szczotkowaną wycieraj wzdłuż szczotkowania, a na koniec wytrzyj do sucha – unikniesz zacieków.

## Czego nie robić

- nie używaj proszków do szorowania, druciaków ani rozpuszczalników – porysują lakier,
- nie myj gorącego grzejnika: detergent zaschnie w smugi,
- nie maluj grzejnika zwykłą farbą olejną; do odświeżenia lakieru używaj farby do grzejników.

## Przy okazji sprawdź

Przed sezonem sprawdź, czy zawory nie przeciekają, czy głowice obracają się swobodnie i czy grzejniki nagrzewają się równo na całej powierzchni. Zimna góra oznacza powietrze – wtedy grzejnik trzeba odpowietrzyć.`,
  }),
  article({
    slug: 'grzejnik-pod-oknem-czy-na-scianie',
    title: 'Grzejnik pod oknem czy na innej ścianie?',
    topic: 'aranzacje',
    published: '2026-06-02',
    image: '/product/horizontal-1400x600-383e42.svg',
    related: 'grzejniki-dekoracyjne',
    lead: 'Tradycyjnie grzejnik stoi pod oknem. W nowych domach z dobrymi oknami można go postawić gdzie indziej – podpowiadamy, kiedy to dobry pomysł i jaki grzejnik wybrać.',
    body: (f) => {
      const vertical = f.model('DP', 500, 1800);
      const horizontal = f.model('DH', 1400, 600);
      check(Math.abs(vertical.value - horizontal.value) / horizontal.value < 0.05, 'a vertical 500×1800 and a horizontal 1400×600 give about the same');
      return `
## Dlaczego pod oknem

Przez okno ucieka najwięcej ciepła, a przy zimnej szybie powietrze ochładza się i opada na podłogę. Ciepłe powietrze unoszące się znad grzejnika tworzy kurtynę, która ogranicza ten zimny przeciąg i parowanie szyb. Dlatego w starszych budynkach grzejnik pod oknem to najlepsze miejsce.

## Nowoczesne okna

W oknach o współczynniku przenikania ciepła U poniżej 1,0 W/(m²·K) szyba jest od wewnątrz niewiele chłodniejsza niż ściana. Zimny spływ powietrza jest słaby i grzejnik można przenieść na ścianę wewnętrzną lub boczną – tam, gdzie lepiej pasuje do aranżacji. Przy dużych przeszkleniach, sięgających podłogi, nadal warto ogrzać strefę przy oknie, na przykład grzejnikiem kanałowym w podłodze.

## Poziomy czy pionowy

Pod oknem sprawdzi się grzejnik poziomy, na wąskiej ścianie – pionowy dekoracyjny o podobnej mocy. Przykład z naszej oferty: pionowy grzejnik dekoracyjny 500×1800 mm ma ${vertical}, a poziomy 1400×600 mm – ${horizontal} (oba przy 75/65/20). Pionowy zajmuje mniej miejsca na ścianie, ale ciepło gromadzi się wyżej, więc lepiej sprawdza się w pomieszczeniach o zwykłej wysokości niż w bardzo wysokich.

## Na co uważać

- grzejnik na ścianie zewnętrznej bez okna traci część ciepła przez ścianę – warto zastosować matę odbijającą,
- nie stawiaj grzejnika za kanapą ani szafą: meble zatrzymają ciepłe powietrze,
- zostaw miejsce na głowicę termostatyczną, żeby mierzyła temperaturę w pokoju, a nie przy meblu.`;
    },
  }),
  article({
    slug: 'plukanie-instalacji-co',
    title: 'Płukanie instalacji c.o. – kiedy i po co',
    topic: 'konserwacja',
    published: '2026-05-19',
    image: '/product/set-800x400-383e42.svg',
    related: 'akcesoria',
    lead: 'Osady i szlam w instalacji obniżają moc grzejników i skracają życie kotła. Podpowiadamy, po czym poznać zamuloną instalację, kiedy ją płukać i jak ochronić ją później.',
    body: () => `
## Objawy

Grzejniki grzeją nierówno: góra jest ciepła, a dół zimny, niektóre grzejniki nagrzewają się później niż inne, kocioł częściej się włącza i głośniej pracuje, a woda spuszczana z grzejnika jest ciemna. To znak, że w instalacji zebrał się szlam – drobiny rdzy i osadów, które opadają na dno grzejników i zatykają zawory.

## Kiedy płukać

- przy wymianie kotła, a zwłaszcza przy montażu pompy ciepła – nowe urządzenie nie powinno pracować na starym szlamie,
- po dołączeniu nowych grzejników do starej instalacji,
- gdy grzejniki mimo odpowietrzania grzeją nierówno,
- profilaktycznie co kilka lat w starszych instalacjach stalowych.

## Jak wygląda płukanie

Instalator podłącza do instalacji pompę z preparatem czyszczącym i przepłukuje obieg, często grzejnik po grzejniku, zmieniając kierunek przepływu. Preparat rozpuszcza osady, a pompa wypłukuje je na zewnątrz. Po płukaniu instalację napełnia się czystą wodą, najlepiej uzdatnioną, i dodaje inhibitor korozji.

## Po płukaniu

Zamontuj filtr magnetyczny na powrocie przed kotłem – zatrzyma drobiny rdzy, zanim dotrą do wymiennika. Filtr czyści się raz lub dwa razy w roku w kilka minut. Warto też sprawdzić naczynie wzbiorcze i ciśnienie w instalacji: częste dopuszczanie świeżej wody wprowadza tlen, a z nim korozję.`,
  }),
];
