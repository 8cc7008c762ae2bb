import type { CmsBlock, CmsPage } from '@kaloryfer/api-contract';
import { cmsPlainText } from '../catalog';

/**
 * CMS pages and blocks: the shop's own pages (regulations, privacy, delivery, payment, returns,
 * contact, about) as the Polish texts a shop publishes, written as HTML. The seed stores them
 * sanitised (api/src/catalog/cms-sanitize.ts); the advice articles live in advice-articles.ts.
 */
const UPDATED_AT = '2026-11-01 09:00:00';
/** Spec §9: snippets are cut at 150 characters. */
const SNIPPET_LIMIT = 150;

/** The first paragraph's words, cut at a word within the snippet limit: the page's meta description. */
function metaDescription(content: string): string {
  const text = cmsPlainText(/<p>([\s\S]*?)<\/p>/.exec(content)?.[1] ?? content);
  if (text.length <= SNIPPET_LIMIT) return text;
  const cut = text.slice(0, SNIPPET_LIMIT - 1);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

const page = (id: number, identifier: string, title: string, content: string, parent: string | null = null, position = id): CmsPage => ({
  id,
  identifier,
  title,
  content_heading: title,
  content,
  meta_title: title,
  meta_description: metaDescription(content),
  parent_identifier: parent,
  position,
  active: true,
  updated_at: UPDATED_AT,
});

const SELLER = 'Kaloryfer sp. z o.o., ul. Grzewcza 5, 02-797 Warszawa';
const PHONE = '<a href="tel:+48123456789">+48 123 456 789</a>';
const mail = (user: string) => `<a href="mailto:${user}@kaloryfer.pl">${user}@kaloryfer.pl</a>`;

export const CMS_PAGES: CmsPage[] = [
  page(
    1,
    'informacje',
    'Informacje dla klienta',
    `
<p>Zanim kupisz grzejnik, warto wiedzieć, jak go dostarczymy, czym zapłacisz i co zrobić, gdy coś pójdzie nie tak. Wszystkie zasady sklepu Kaloryfer zebraliśmy w jednym miejscu.</p>
<ul>
<li><a href="/i/regulamin">Regulamin sklepu</a> – jak składać zamówienia, prawo odstąpienia od umowy i reklamacje,</li>
<li><a href="/i/polityka-prywatnosci">Polityka prywatności</a> – jakie dane przetwarzamy, po co i jakie masz prawa,</li>
<li><a href="/i/dostawa">Dostawa</a> – kurier, paczkomaty InPost, dostawa paletowa i odbiór w salonie,</li>
<li><a href="/i/platnosci">Płatności</a> – BLIK, karta, szybki przelew, raty, płatność odroczona i za pobraniem,</li>
<li><a href="/i/zwroty">Zwroty i reklamacje</a> – 14 dni na zwrot i zgłoszenie wady krok po kroku,</li>
<li><a href="/i/kontakt">Kontakt</a> – telefon, e-mail i salon w Warszawie,</li>
<li><a href="/i/o-nas">O nas</a> – kim jesteśmy i jak doradzamy.</li>
</ul>
<p>Nie wiesz, jaki grzejnik wybrać? W dziale <a href="/porady">Porady</a> piszemy o doborze mocy, podłączeniu i ogrzewaniu z pompą ciepła.</p>`,
  ),

  page(
    2,
    'regulamin',
    'Regulamin sklepu',
    `
<p>Regulamin określa zasady zakupów w sklepie internetowym Kaloryfer: jak złożyć zamówienie i za nie zapłacić, jak odstąpić od umowy i jak złożyć reklamację. Obowiązuje od 1 listopada 2026 r.</p>
<h2>§ 1. Sprzedawca</h2>
<p>Sklep internetowy Kaloryfer prowadzi <strong>Kaloryfer sp. z o.o.</strong> z siedzibą w Warszawie (ul. Grzewcza 5, 02-797 Warszawa), wpisana do rejestru przedsiębiorców KRS pod numerem 0000123456 przez Sąd Rejonowy dla m.st. Warszawy, NIP 1132456789, REGON 012345675, kapitał zakładowy 50 000 zł. Kontakt: ${mail('sklep')}, telefon ${PHONE} (pon.–pt. 8:00–18:00, sob. 9:00–14:00).</p>
<h2>§ 2. Definicje</h2>
<ul>
<li><strong>Klient</strong> – osoba fizyczna, osoba prawna lub jednostka organizacyjna, która składa zamówienie,</li>
<li><strong>Konsument</strong> – osoba fizyczna kupująca w celu niezwiązanym bezpośrednio z jej działalnością gospodarczą lub zawodową,</li>
<li><strong>Przedsiębiorca na prawach konsumenta</strong> – osoba fizyczna prowadząca działalność gospodarczą, dla której zakup nie ma charakteru zawodowego (art. 38a ustawy o prawach konsumenta); ma prawa konsumenta opisane w § 6,</li>
<li><strong>Towar</strong> – grzejnik, akcesorium lub usługa z oferty sklepu.</li>
</ul>
<h2>§ 3. Zamówienia</h2>
<ol>
<li>Zamówienia przyjmujemy całą dobę; konto w sklepie nie jest potrzebne.</li>
<li>Klient dodaje towary do koszyka, podaje dane do wysyłki i faktury oraz wybiera sposób dostawy i płatności.</li>
<li>Przed złożeniem zamówienia Klient widzi podsumowanie: towary, łączną cenę z podatkiem VAT, koszt dostawy i ewentualną opłatę za płatność.</li>
<li>Zamówienie składa się przyciskiem <strong>„Zamawiam i płacę”</strong>. Kliknięcie go oznacza złożenie zamówienia z obowiązkiem zapłaty.</li>
<li>Umowa sprzedaży zostaje zawarta, gdy Klient otrzyma e-mail z potwierdzeniem przyjęcia zamówienia. Potwierdzenie zawiera treść zamówienia i odnośnik do tego regulaminu.</li>
</ol>
<h2>§ 4. Ceny i płatności</h2>
<p>Ceny podajemy w złotych polskich; są to ceny brutto, z podatkiem VAT. Przy każdej obniżce pokazujemy także najniższą cenę z 30 dni przed obniżką. Dostępne metody płatności opisuje strona <a href="/i/platnosci">Płatności</a>.</p>
<h2>§ 5. Dostawa</h2>
<p>Dostarczamy na terenie Polski. Czas realizacji podajemy przy każdym produkcie: od wysyłki w 24 godziny do 60 dni dla grzejników wykonywanych na zamówienie. Sposoby i koszty dostawy opisuje strona <a href="/i/dostawa">Dostawa</a>.</p>
<h2>§ 6. Prawo odstąpienia od umowy</h2>
<ol>
<li>Konsument może odstąpić od umowy bez podawania przyczyny w terminie <strong>14 dni</strong> od dnia, w którym otrzymał towar (gdy zamówione towary przychodzą osobno – od otrzymania ostatniego z nich).</li>
<li>Wystarczy przed upływem terminu wysłać oświadczenie e-mailem na ${mail('zwroty')} lub pocztą na adres sprzedawcy. Można skorzystać ze <a href="/i/formularz-odstapienia">wzoru formularza odstąpienia</a>, ale nie jest to obowiązkowe.</li>
<li>Zwracamy wszystkie płatności, także koszt najtańszej oferowanej dostawy, w ciągu 14 dni od otrzymania oświadczenia, tą samą metodą, którą Konsument zapłacił. Możemy wstrzymać zwrot do chwili otrzymania towaru albo dowodu jego odesłania.</li>
<li>Konsument odsyła towar w ciągu 14 dni od odstąpienia i ponosi bezpośredni koszt odesłania.</li>
<li>Prawo odstąpienia nie przysługuje, gdy towar wykonano według specyfikacji Konsumenta, np. grzejnik malowany na zamówienie w wybranym kolorze RAL albo o nietypowym wymiarze (art. 38 ust. 1 pkt 3 ustawy o prawach konsumenta).</li>
</ol>
<h2>§ 7. Reklamacje</h2>
<ol>
<li>Odpowiadamy za zgodność towaru z umową przez 2 lata od jego wydania.</li>
<li>Reklamację można złożyć e-mailem na ${mail('reklamacje')}, pocztą albo w salonie. Pomoże nam opis wady, zdjęcia i numer zamówienia.</li>
<li>Na reklamację odpowiadamy w ciągu <strong>14 dni</strong>; brak odpowiedzi w tym terminie oznacza, że ją uznaliśmy.</li>
<li>Wiele grzejników ma dodatkowo gwarancję producenta. Gwarancja nie ogranicza praw Konsumenta wynikających z niezgodności towaru z umową.</li>
</ol>
<p>Jak odesłać towar i zgłosić wadę krok po kroku: <a href="/i/zwroty">Zwroty i reklamacje</a>.</p>
<h2>§ 8. Pozasądowe rozwiązywanie sporów</h2>
<p>Konsument może zwrócić się o pomoc do miejskiego lub powiatowego rzecznika konsumentów albo do stałego polubownego sądu konsumenckiego przy wojewódzkim inspektoracie Inspekcji Handlowej. Więcej informacji podaje Urząd Ochrony Konkurencji i Konsumentów na stronie <a href="https://prawakonsumenta.uokik.gov.pl">prawakonsumenta.uokik.gov.pl</a>.</p>
<h2>§ 9. Dane osobowe</h2>
<p>Zasady przetwarzania danych osobowych opisuje <a href="/i/polityka-prywatnosci">Polityka prywatności</a>.</p>
<h2>§ 10. Postanowienia końcowe</h2>
<p>O zmianach regulaminu informujemy na tej stronie co najmniej 14 dni przed ich wejściem w życie. Do zamówień złożonych wcześniej stosuje się regulamin w brzmieniu z dnia złożenia zamówienia. W sprawach nieuregulowanych stosuje się prawo polskie, w szczególności Kodeks cywilny i ustawę o prawach konsumenta.</p>`,
    'informacje',
    1,
  ),

  page(
    3,
    'polityka-prywatnosci',
    'Polityka prywatności',
    `
<p>Wyjaśniamy, kto przetwarza Twoje dane osobowe, po co i na jakiej podstawie, komu je przekazujemy, jak długo je przechowujemy i jakie masz prawa według RODO (rozporządzenia (UE) 2016/679).</p>
<h2>Administrator danych</h2>
<p>Administratorem Twoich danych jest ${SELLER}, NIP 1132456789. W sprawach danych osobowych napisz na ${mail('dane')} albo na adres siedziby.</p>
<h2>Cele, podstawy prawne i okres przechowywania</h2>
<table>
<caption>Po co przetwarzamy dane, na jakiej podstawie i jak długo</caption>
<thead><tr><th scope="col">Cel</th><th scope="col">Podstawa prawna</th><th scope="col">Jak długo</th></tr></thead>
<tbody>
<tr><td>Realizacja zamówienia i dostawa</td><td>art. 6 ust. 1 lit. b RODO – umowa</td><td>do wykonania umowy, a potem do przedawnienia roszczeń (zwykle 6 lat)</td></tr>
<tr><td>Faktury i księgowość</td><td>art. 6 ust. 1 lit. c RODO – obowiązek prawny</td><td>5 lat od końca roku, w którym powstał obowiązek podatkowy</td></tr>
<tr><td>Konto klienta</td><td>art. 6 ust. 1 lit. b RODO – umowa o prowadzenie konta</td><td>do usunięcia konta</td></tr>
<tr><td>Reklamacje i dochodzenie roszczeń</td><td>art. 6 ust. 1 lit. f RODO – nasz prawnie uzasadniony interes</td><td>do przedawnienia roszczeń</td></tr>
<tr><td>Newsletter</td><td>art. 6 ust. 1 lit. a RODO – Twoja zgoda</td><td>do wycofania zgody</td></tr>
<tr><td>Statystyki odwiedzin i reklama (cookie analityczne i marketingowe)</td><td>art. 6 ust. 1 lit. a RODO – Twoja zgoda</td><td>do wycofania zgody, najdłużej 12 miesięcy</td></tr>
</tbody>
</table>
<h2>Odbiorcy danych</h2>
<p>Przekazujemy dane tylko tym, którzy pomagają nam zrealizować zamówienie:</p>
<ul>
<li>firmom kurierskim i InPost – imię i nazwisko, adres, telefon i e-mail potrzebne do doręczenia,</li>
<li>operatorowi płatności PayU S.A. – dane potrzebne do przeprowadzenia płatności,</li>
<li>dostawcom hostingu, poczty e-mail i programu księgowego – na podstawie umów powierzenia przetwarzania,</li>
<li>organom państwowym – gdy wymaga tego prawo.</li>
</ul>
<p>Nie przekazujemy danych poza Europejski Obszar Gospodarczy i nie podejmujemy wobec Ciebie decyzji opartych wyłącznie na zautomatyzowanym przetwarzaniu. Podanie danych jest dobrowolne, ale bez adresu dostawy nie zrealizujemy zamówienia.</p>
<h2>Twoje prawa</h2>
<ul>
<li>dostęp do danych i otrzymanie ich kopii,</li>
<li>sprostowanie danych nieprawidłowych,</li>
<li>usunięcie danych,</li>
<li>ograniczenie przetwarzania,</li>
<li>przeniesienie danych do innego administratora,</li>
<li>sprzeciw wobec przetwarzania opartego na naszym prawnie uzasadnionym interesie,</li>
<li>wycofanie zgody w każdej chwili – bez wpływu na zgodność z prawem przetwarzania przed jej wycofaniem,</li>
<li>skarga do Prezesa Urzędu Ochrony Danych Osobowych (<a href="https://uodo.gov.pl">uodo.gov.pl</a>).</li>
</ul>
<h2>Pliki cookie</h2>
<p>Pliki cookie to małe pliki zapisywane w przeglądarce. Używamy trzech rodzajów:</p>
<ul>
<li><strong>niezbędne</strong> – zapamiętują język, koszyk, temperatury ogrzewania podane przy doborze mocy i Twój wybór dotyczący cookie; bez nich sklep nie działa, dlatego nie wymagają zgody,</li>
<li><strong>analityczne</strong> – pokazują nam, jak korzystasz ze sklepu; zapisujemy je tylko za Twoją zgodą,</li>
<li><strong>marketingowe</strong> – pozwalają pokazywać Ci nasze reklamy w innych serwisach; zapisujemy je tylko za Twoją zgodą.</li>
</ul>
<p>Przy pierwszej wizycie pytamy o zgodę; odrzucenie jest tak samo proste jak akceptacja, a żadna zgoda nie jest zaznaczona z góry. Swój wybór zmienisz w każdej chwili w ustawieniach cookie dostępnych w stopce sklepu. Zapamiętujemy go na 12 miesięcy.</p>`,
    'informacje',
    2,
  ),

  page(
    4,
    'dostawa',
    'Dostawa',
    `
<p>Wysyłamy w całej Polsce. Większość akcesoriów i grzejników z magazynu nadajemy w 24 godziny, a od 5 000 zł wartości zamówienia dostawa kurierem jest bezpłatna.</p>
<h2>Sposoby i koszty dostawy</h2>
<table>
<caption>Koszty dostawy (ceny brutto)</caption>
<thead><tr><th scope="col">Sposób dostawy</th><th scope="col">Dla jakich produktów</th><th scope="col">Koszt</th></tr></thead>
<tbody>
<tr><th scope="row">Kurier DPD</th><td>wszystkie produkty; duże grzejniki na palecie</td><td>29,00 zł, <strong>gratis od 5 000 zł</strong></td></tr>
<tr><th scope="row">Paczkomat InPost 24/7</th><td>drobne akcesoria mieszczące się w skrytce</td><td>16,99 zł</td></tr>
<tr><th scope="row">Transport z wniesieniem do mieszkania</th><td>grzejniki żeliwne i ciężkie zamówienia</td><td>99,00 zł</td></tr>
<tr><th scope="row">Odbiór osobisty w salonie (Warszawa)</th><td>wszystkie produkty</td><td>0,00 zł</td></tr>
</tbody>
</table>
<p>Płatność przy odbiorze kosztuje dodatkowo 9,99 zł; pozostałe metody są bez opłat – zobacz <a href="/i/platnosci">Płatności</a>.</p>
<h2>Paczkomaty InPost – co się zmieści</h2>
<p>Największa skrytka paczkomatu (gabaryt C) ma 41 × 38 × 64 cm, a paczka może ważyć najwyżej 25 kg.</p>
<ul>
<li><strong>Tak:</strong> zawory, głowice termostatyczne, grzałki elektryczne, zestawy przyłączeniowe, wieszaki na ręczniki i inne drobne akcesoria.</li>
<li><strong>Nie:</strong> grzejniki. Nawet mały grzejnik łazienkowy jest zwykle wyższy niż 64 cm, a grzejnik panelowy potrafi ważyć więcej niż 25 kg.</li>
</ul>
<p>Nie musisz tego liczyć: koszyk sprawdza wymiary i wagę każdego produktu i proponuje paczkomat tylko wtedy, gdy całe zamówienie się w nim zmieści.</p>
<h2>Duże grzejniki – dostawa paletowa</h2>
<p>Grzejniki dłuższe niż 160 cm, grzejniki żeliwne i zamówienia kilku grzejników wysyłamy na palecie, w narożnikach ochronnych i folii, w cenie dostawy kurierskiej. Kierowca dzwoni dzień wcześniej i dowozi przesyłkę pod wskazany adres, przed budynek. Jeśli potrzebujesz pomocy z wniesieniem, wybierz „Transport z wniesieniem do mieszkania”.</p>
<h2>Czas realizacji</h2>
<ul>
<li><strong>Wysyłka w 24 h</strong> – produkty z magazynu zamówione w dzień roboczy do 13:00 nadajemy tego samego dnia, później – następnego dnia roboczego.</li>
<li><strong>7–14, 15–30 albo 31–60 dni</strong> – grzejniki produkowane na zamówienie, np. w wybranym kolorze RAL; termin podajemy przy produkcie.</li>
<li>Kurier doręcza zwykle w 1–2 dni robocze od nadania.</li>
</ul>
<h2>Odbiór przesyłki</h2>
<p>Obejrzyj paczkę przy kurierze. Jeśli karton jest zgnieciony albo grzejnik porysowany, spisz z kurierem protokół szkody i zrób zdjęcia – resztą zajmiemy się my (<a href="/i/zwroty">Zwroty i reklamacje</a>). Jak przygotować ścianę i podłączenie przed dostawą, podpowiadamy w dziale <a href="/porady">Porady</a>.</p>`,
    'informacje',
    3,
  ),

  page(
    8,
    'platnosci',
    'Płatności',
    `
<p>Za zamówienie zapłacisz online, przelewem tradycyjnym, przy odbiorze albo w salonie. Płatności online obsługuje PayU S.A.; dane Twojej karty nie trafiają do naszego sklepu.</p>
<h2>Metody płatności</h2>
<table>
<caption>Metody płatności i ich koszt</caption>
<thead><tr><th scope="col">Metoda</th><th scope="col">Jak to działa</th><th scope="col">Opłata</th></tr></thead>
<tbody>
<tr><th scope="row">BLIK</th><td>Wpisujesz 6-cyfrowy kod z aplikacji banku (ważny 120 sekund) i potwierdzasz płatność w aplikacji.</td><td>0,00 zł</td></tr>
<tr><th scope="row">Szybki przelew online (PayU)</th><td>Wybierasz swój bank i zatwierdzasz gotowy przelew.</td><td>0,00 zł</td></tr>
<tr><th scope="row">Karta płatnicza</th><td>Visa lub Mastercard, z potwierdzeniem w aplikacji banku (3-D Secure).</td><td>0,00 zł</td></tr>
<tr><th scope="row">Raty PayU</th><td>Wypełniasz krótki wniosek online i zwykle w kilka minut dostajesz decyzję; raty spłacasz PayU.</td><td>0,00 zł w sklepie; koszt rat zależy od oferty PayU</td></tr>
<tr><th scope="row">PayU – płacę później</th><td>Płatność odroczona: odbierasz zamówienie, a płacisz do 30 dni później.</td><td>0,00 zł przy spłacie w terminie</td></tr>
<tr><th scope="row">Przelew tradycyjny</th><td>Przelew na rachunek PL61 1090 1014 0000 0712 1981 2874 z numerem zamówienia w tytule.</td><td>0,00 zł</td></tr>
<tr><th scope="row">Płatność przy odbiorze</th><td>Gotówką albo kartą u kuriera. Niedostępna, gdy zamawiasz wyłącznie usługi lub pliki do pobrania.</td><td>9,99 zł</td></tr>
<tr><th scope="row">Płatność w salonie</th><td>Przy odbiorze osobistym w salonie w Warszawie, gotówką albo kartą.</td><td>0,00 zł</td></tr>
</tbody>
</table>
<h2>Kiedy wysyłamy</h2>
<ul>
<li>Płatność online – gdy PayU potwierdzi wpłatę, zwykle w kilka sekund.</li>
<li>Przelew tradycyjny – po zaksięgowaniu wpłaty; jeśli nie dotrze w ciągu 7 dni, anulujemy zamówienie i napiszemy do Ciebie.</li>
<li>Płatność przy odbiorze i w salonie – od razu.</li>
</ul>
<p>Jeśli płatność online się nie powiedzie, zamówienie czeka: na stronie podziękowania możesz spróbować jeszcze raz albo wybrać inną metodę.</p>
<h2>Raty i płatność odroczona</h2>
<p>O rozłożeniu płatności na raty i o odroczeniu jej o 30 dni decyduje PayU po krótkim wniosku; sklep nie pobiera za to opłat. Jak to działa, jakie są limity i przykład spłaty: <a href="/placepozniej">Płacę później</a>.</p>
<h2>Faktury i zwroty pieniędzy</h2>
<p>Do każdego zamówienia wystawiamy fakturę; jeśli kupujesz na firmę, podaj NIP w kasie, a dane firmy uzupełnimy z rejestru GUS. Po odstąpieniu od umowy albo uznaniu reklamacji zwracamy pieniądze tą samą metodą płatności w ciągu 14 dni.</p>`,
    'informacje',
    4,
  ),

  page(
    5,
    'zwroty',
    'Zwroty i reklamacje',
    `
<p>Masz 14 dni na zwrot bez podawania przyczyny, a za zgodność towaru z umową odpowiadamy przez 2 lata. Poniżej opisujemy oba przypadki krok po kroku.</p>
<h2>Zwrot w 14 dni</h2>
<ol>
<li>W ciągu 14 dni od otrzymania przesyłki wyślij nam oświadczenie o odstąpieniu od umowy – e-mailem na ${mail('zwroty')} albo pocztą. Możesz użyć <a href="/i/formularz-odstapienia">formularza odstąpienia</a>.</li>
<li>Zapakuj towar starannie, grzejnik najlepiej w oryginalny karton z narożnikami ochronnymi. Nie montuj grzejnika, który możesz chcieć zwrócić: ślady montażu mogą zmniejszyć kwotę zwrotu.</li>
<li>Odeślij towar w ciągu 14 dni od wysłania oświadczenia na adres: ${SELLER} (dopisek „Zwrot”), albo oddaj go w salonie.</li>
<li>Zwrócimy pieniądze wraz z kosztem najtańszej dostawy w ciągu 14 dni od otrzymania oświadczenia, tą samą metodą płatności.</li>
</ol>
<p>Koszt odesłania ponosisz Ty. Akcesoria najtaniej odeślesz paczkomatem InPost, grzejnik – kurierem.</p>
<h2>Czego nie można zwrócić</h2>
<ul>
<li>grzejników malowanych na zamówienie w wybranym kolorze RAL spoza standardowej palety,</li>
<li>grzejników o wymiarach lub rozstawie przyłączy wykonanych na Twoje zamówienie.</li>
</ul>
<h2>Reklamacja</h2>
<p>Jeśli towar ma wadę – grzejnik przecieka, ma uszkodzoną powłokę albo nie zgadza się z opisem – zgłoś reklamację:</p>
<ol>
<li>napisz na ${mail('reklamacje')}, podając numer zamówienia, opis wady i zdjęcia,</li>
<li>napisz, czego oczekujesz: naprawy, wymiany, obniżenia ceny albo – gdy wada jest istotna – odstąpienia od umowy,</li>
<li>odpowiemy w ciągu 14 dni; jeśli musimy obejrzeć towar, zamówimy po niego kuriera na nasz koszt.</li>
</ol>
<h2>Uszkodzenia w transporcie</h2>
<p>Obejrzyj przesyłkę przy kurierze. Jeśli karton jest zgnieciony albo grzejnik porysowany, spisz z kurierem protokół szkody i zrób zdjęcia – to przyspieszy reklamację.</p>
<h2>Gwarancja producenta</h2>
<p>Wiele grzejników ma dodatkowo gwarancję producenta, zwykle na szczelność i powłokę; jej okres podajemy w karcie produktu. Z gwarancji możesz skorzystać niezależnie od reklamacji u nas.</p>`,
    'informacje',
    5,
  ),

  page(
    9,
    'formularz-odstapienia',
    'Formularz odstąpienia od umowy',
    `
<p>Wzór formularza odstąpienia od umowy według załącznika nr 2 do ustawy o prawach konsumenta. Wypełnij go i wyślij tylko wtedy, gdy chcesz odstąpić od umowy; możesz też napisać oświadczenie własnymi słowami.</p>
<blockquote>
<p><strong>Adresat:</strong> ${SELLER}, e-mail: zwroty@kaloryfer.pl</p>
<p>Ja/My(*) niniejszym informuję/informujemy(*) o moim/naszym odstąpieniu od umowy sprzedaży następujących rzeczy(*): …</p>
<p>Numer zamówienia: …</p>
<p>Data zawarcia umowy(*)/odbioru(*): …</p>
<p>Imię i nazwisko konsumenta(-ów): …</p>
<p>Adres konsumenta(-ów): …</p>
<p>Podpis konsumenta(-ów) (tylko jeżeli formularz jest przesyłany w wersji papierowej): …</p>
<p>Data: …</p>
<p>(*) Niepotrzebne skreślić.</p>
</blockquote>
<p>Formularz wyślij e-mailem na ${mail('zwroty')} albo pocztą. Potwierdzimy jego otrzymanie e-mailem. Co dalej, opisujemy na stronie <a href="/i/zwroty">Zwroty i reklamacje</a>.</p>`,
    'zwroty',
    1,
  ),

  page(
    6,
    'kontakt',
    'Kontakt',
    `
<p>Doradzimy w doborze grzejnika, pomożemy z zamówieniem i odpowiemy na pytania o dostawę. Najszybciej odpowiadamy przez telefon i e-mail.</p>
<h2>Biuro obsługi klienta</h2>
<ul>
<li>telefon: ${PHONE}</li>
<li>e-mail: ${mail('sklep')}</li>
<li>zwroty: ${mail('zwroty')}, reklamacje: ${mail('reklamacje')}</li>
</ul>
<table>
<caption>Godziny otwarcia</caption>
<thead><tr><th scope="col">Dzień</th><th scope="col">Biuro obsługi klienta</th><th scope="col">Salon</th></tr></thead>
<tbody>
<tr><th scope="row">poniedziałek–piątek</th><td>8:00–18:00</td><td>9:00–18:00</td></tr>
<tr><th scope="row">sobota</th><td>9:00–14:00</td><td>9:00–14:00</td></tr>
<tr><th scope="row">niedziela i święta</th><td>nieczynne</td><td>nieczynne</td></tr>
</tbody>
</table>
<h2>Salon i odbiór osobisty</h2>
<p>ul. Grzewcza 5, 02-797 Warszawa. W salonie zobaczysz grzejniki dekoracyjne i łazienkowe na ścianie i dobierzesz kolor z wzornika RAL. Zamówienie z odbiorem osobistym odbierzesz po e-mailu „gotowe do odbioru”.</p>
<h2>Dane firmy</h2>
<p>${SELLER}<br>NIP 1132456789, REGON 012345675, KRS 0000123456<br>Rachunek bankowy: PL61 1090 1014 0000 0712 1981 2874</p>`,
    'informacje',
    6,
  ),

  page(
    7,
    'o-nas',
    'O nas',
    `
<p>Kaloryfer to sklep z grzejnikami, który od 2009 roku prowadzą instalatorzy. Sprzedajemy grzejniki dekoracyjne, łazienkowe i pokojowe oraz wszystko, czego potrzeba do ich podłączenia.</p>
<h2>Jak pracujemy</h2>
<p>Każdy grzejnik opisujemy mocą według normy PN-EN 442 i przeliczamy ją na temperatury Twojej instalacji – także niskie, z pompą ciepła. Dzięki temu wiesz, czy grzejnik ogrzeje pokój, zanim go kupisz.</p>
<h2>Dlaczego warto u nas kupić</h2>
<ul>
<li>doradzamy w doborze mocy, także do pompy ciepła i ogrzewania niskotemperaturowego,</li>
<li>większość produktów wysyłamy w 24 godziny,</li>
<li>do wybranych grzejników dodajemy zestaw zaworów gratis,</li>
<li>dostawa kurierem jest bezpłatna od 5 000 zł,</li>
<li>masz 14 dni na zwrot bez podawania przyczyny.</li>
</ul>
<h2>Dostępność</h2>
<p>Chcemy, żeby ze sklepu mógł wygodnie korzystać każdy, także z czytnikiem ekranu albo samą klawiaturą. Projektujemy go według wytycznych <a href="https://www.w3.org/WAI/standards-guidelines/wcag/">WCAG 2.1</a> na poziomie AA. Jeśli coś nie działa, napisz na ${mail('sklep')}.</p>
<p>Chcesz wiedzieć więcej o ogrzewaniu? Zajrzyj do naszych <a href="/porady">porad</a>.</p>`,
    'informacje',
    7,
  ),
];

export const CMS_BLOCKS: CmsBlock[] = [
  { id: 1, identifier: 'home-usp-delivery', title: 'Wysyłka w 24 h', content: 'Większość produktów wysyłamy kurierem w 24 godziny.', active: true },
  { id: 2, identifier: 'home-usp-returns', title: '14 dni na zwrot', content: 'Zwrot bez podawania przyczyny w ciągu 14 dni.', active: true },
  { id: 3, identifier: 'home-usp-free-delivery', title: 'Darmowa dostawa od 5000 zł', content: 'Kurier gratis przy zamówieniu od 5000 zł.', active: true },
  { id: 4, identifier: 'home-usp-valves', title: 'Zawory gratis', content: 'Zestaw zaworów gratis do grzejników oznaczonych „zawory gratis”.', active: true },
  {
    id: 5,
    identifier: 'footer-contact',
    title: 'Kontakt',
    active: true,
    content: `<p>${PHONE}<br>${mail('sklep')}</p><p>pon.–pt. 8:00–18:00, sob. 9:00–14:00</p><p>Salon: ul. Grzewcza 5, 02-797 Warszawa</p>`,
  },
  { id: 6, identifier: 'footer-newsletter', title: 'Newsletter', content: 'Zapisz się i odbierz kod rabatowy -10% na pierwsze zakupy.', active: true },
  {
    id: 7,
    identifier: 'product-delivery-info',
    title: 'Dostawa',
    content: 'Kurier od 24 h. Grzejniki pakujemy w karton z narożnikami ochronnymi.',
    active: true,
  },
  { id: 8, identifier: 'product-return-info', title: 'Zwroty', content: 'Masz 14 dni na zwrot bez podawania przyczyny.', active: true },
  {
    id: 9,
    identifier: 'checkout-terms',
    title: 'Regulamin',
    content: 'Składając zamówienie akceptujesz regulamin sklepu i politykę prywatności.',
    active: true,
  },
];

export { ADVICE_ARTICLES } from './advice-articles';
