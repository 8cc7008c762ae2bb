import type { AdviceArticle, CmsBlock, CmsPage } from '@kaloryfer/domain';

/**
 * CMS pages and blocks (regulations, privacy, delivery, returns, contact, about) and the
 * advice articles of /porady: real Polish texts a shop would publish. Content is
 * markdown-light: blank lines between paragraphs, "## " headings, "- " list items.
 */
const page = (id: number, identifier: string, title: string, content: string, parent: string | null = null, position = id): CmsPage => ({
  id, identifier, title, content_heading: title, content,
  meta_title: title, meta_description: content.replace(/^## .*$/gm, '').replace(/\s+/g, ' ').trim().slice(0, 150),
  parent_identifier: parent, position, active: true, updated_at: '2026-11-01 09:00:00',
});

export const CMS_PAGES: CmsPage[] = [
  page(1, 'informacje', 'Informacje dla klienta', `Wszystko, co warto wiedzieć przed zakupem i po nim: regulamin, dostawa, zwroty, prywatność i kontakt.`),
  page(2, 'regulamin', 'Regulamin sklepu', `## § 1. Postanowienia ogólne

Sklep internetowy Kaloryfer prowadzi Kaloryfer sp. z o.o. z siedzibą w Krakowie, NIP 5261040828. Regulamin określa zasady zawierania umów sprzedaży na odległość.

## § 2. Zamówienia

Zamówienie składa się w koszyku, wybierając sposób dostawy i płatności. Złożenie zamówienia przyciskiem „Zamawiam i płacę” oznacza zobowiązanie do zapłaty. Potwierdzenie przyjęcia zamówienia wysyłamy e-mailem.

## § 3. Ceny

Ceny podane są w złotych polskich i zawierają podatek VAT. Przy obniżonej cenie podajemy najniższą cenę z 30 dni przed obniżką.

## § 4. Odstąpienie od umowy

Konsument może odstąpić od umowy w terminie 14 dni od otrzymania towaru bez podawania przyczyny.

## § 5. Reklamacje

Reklamacje rozpatrujemy w ciągu 14 dni. Grzejniki objęte są gwarancją producenta na szczelność.`, 'informacje', 1),
  page(3, 'polityka-prywatnosci', 'Polityka prywatności', `## Administrator danych

Administratorem danych osobowych jest Kaloryfer sp. z o.o. Dane przetwarzamy w celu realizacji zamówień (art. 6 ust. 1 lit. b RODO) oraz – za zgodą – w celach marketingowych.

## Twoje prawa

Masz prawo dostępu do danych, ich sprostowania, usunięcia, ograniczenia przetwarzania, przeniesienia oraz wniesienia sprzeciwu. Zgodę na newsletter możesz wycofać w każdej chwili.

## Pliki cookie

Używamy plików cookie niezbędnych do działania sklepu. Cookie analityczne i marketingowe zapisujemy wyłącznie za Twoją zgodą; odrzucenie jest tak samo proste jak akceptacja.`, 'informacje', 2),
  page(4, 'dostawa', 'Dostawa i płatność', `## Czas dostawy

Produkty oznaczone „wysyłka w 24 h” nadajemy następnego dnia roboczego. Grzejniki na zamówienie i w kolorach RAL realizujemy w 7–30 dni.

## Koszty dostawy

Kurier: 29,99 zł, a od 5000 zł wartości zamówienia – gratis. Paczkomat: 14,99 zł (tylko akcesoria mieszczące się w skrytce). Odbiór w salonie: bezpłatnie.

## Płatności

Płatność przy odbiorze, przelew tradycyjny, płatność w salonie, płatność online kartą, BLIK, raty i płatność odroczona.`, 'informacje', 3),
  page(5, 'zwroty', 'Zwroty i reklamacje', `## 14 dni na zwrot

Możesz zwrócić zakupiony towar w ciągu 14 dni od dnia otrzymania przesyłki, bez podawania przyczyny. Wystarczy wysłać oświadczenie o odstąpieniu od umowy e-mailem lub pocztą.

## Jak odesłać grzejnik

Grzejnik zapakuj w oryginalne opakowanie z narożnikami ochronnymi. Zwrot pieniędzy nastąpi w ciągu 14 dni od otrzymania oświadczenia, tą samą metodą płatności.

## Wyjątki

Grzejniki malowane na indywidualne zamówienie w kolorze RAL nie podlegają zwrotowi (art. 38 pkt 3 ustawy o prawach konsumenta).`, 'informacje', 4),
  page(6, 'kontakt', 'Kontakt', `## Biuro obsługi klienta

Telefon: 12 345 67 89 (pon.–pt. 8:00–18:00, sob. 9:00–14:00)

E-mail: sklep@kaloryfer.example

## Salon

ul. Ciepła 12, 30-001 Kraków – zapraszamy pon.–pt. 9:00–18:00.

## Dane firmy

Kaloryfer sp. z o.o., NIP 5261040828, REGON 012345678.`, 'informacje', 5),
  page(7, 'o-nas', 'O nas', `Od 2009 roku doradzamy, jak dobrze i ładnie ogrzać dom. W ofercie mamy ponad tysiąc grzejników dekoracyjnych, łazienkowych i pokojowych oraz akcesoria do ich podłączenia.

## Dlaczego my

- doradztwo w doborze mocy, także do pomp ciepła,
- wysyłka w 24 godziny większości produktów,
- zestaw zaworów gratis do wybranych grzejników,
- 14 dni na zwrot bez podawania przyczyny.`, 'informacje', 6),
];

export const CMS_BLOCKS: CmsBlock[] = [
  { id: 1, identifier: 'home-usp-delivery', title: 'Wysyłka w 24 h', content: 'Większość produktów wysyłamy kurierem w 24 godziny.', active: true },
  { id: 2, identifier: 'home-usp-returns', title: '14 dni na zwrot', content: 'Zwrot bez podawania przyczyny w ciągu 14 dni.', active: true },
  { id: 3, identifier: 'home-usp-free-delivery', title: 'Darmowa dostawa od 5000 zł', content: 'Kurier gratis przy zamówieniu od 5000 zł.', active: true },
  { id: 4, identifier: 'home-usp-valves', title: 'Zawory gratis', content: 'Zestaw zaworów gratis do grzejników oznaczonych „zawory gratis”.', active: true },
  { id: 5, identifier: 'footer-contact', title: 'Kontakt', content: 'Tel. 12 345 67 89, sklep@kaloryfer.example, pon.–pt. 8:00–18:00', active: true },
  { id: 6, identifier: 'footer-newsletter', title: 'Newsletter', content: 'Zapisz się i odbierz kod rabatowy -10% na pierwsze zakupy.', active: true },
  { id: 7, identifier: 'product-delivery-info', title: 'Dostawa', content: 'Kurier od 24 h. Grzejniki pakujemy w karton z narożnikami ochronnymi.', active: true },
  { id: 8, identifier: 'product-return-info', title: 'Zwroty', content: 'Masz 14 dni na zwrot bez podawania przyczyny.', active: true },
  { id: 9, identifier: 'checkout-terms', title: 'Regulamin', content: 'Składając zamówienie akceptujesz regulamin sklepu i politykę prywatności.', active: true },
];

const article = (id: number, slug: string, title: string, topic: string, lead: string, body: string, related: string | null): AdviceArticle => ({
  id, slug, title, topic, lead, body, related_category_slug: related,
  reading_minutes: Math.max(2, Math.round(body.split(/\s+/).length / 180)),
  published_at: `2026-${String(1 + ((id * 5) % 10)).padStart(2, '0')}-${String(3 + id).padStart(2, '0')}`,
  image: `/product/${['vertical', 'ladder', 'panel', 'horizontal', 'castiron', 'tubular'][id % 6]}-600x900-${['383e42', 'f4f4f0', 'c9a227', '1e1e1e', 'b87333', '2e4a3f'][id % 6]}.svg`,
});

export const ADVICE_ARTICLES: AdviceArticle[] = [
  article(1, 'jak-dobrac-moc-grzejnika', 'Jak dobrać moc grzejnika do pomieszczenia', 'Dobór grzejnika',
    'Za mały grzejnik nie dogrzeje pokoju, za duży przepłaci. Pokazujemy, jak policzyć potrzebną moc w kilka minut.',
    `## Zapotrzebowanie na ciepło

Najprostsza reguła mówi: na każdy metr kwadratowy pokoju potrzeba od 60 do 100 W mocy grzejnika. Dom dobrze ocieplony (nowe budownictwo) to dolna granica, stara kamienica z wysokimi sufitami – górna.

## Łazienka potrzebuje więcej

W łazience utrzymujemy 24 °C, a nie 20 °C, dlatego liczymy około 100 W na metr kwadratowy. Pamiętaj, że ręczniki zawieszone na drabince obniżają jej moc nawet o jedną trzecią.

## Czytaj moc w tych samych warunkach

Producenci podają moc zgodnie z normą PN-EN 442 przy parametrach 75/65/20. Jeśli Twoja instalacja pracuje w niższej temperaturze, rzeczywista moc będzie mniejsza – w naszym sklepie przeliczysz ją na karcie produktu.`, 'grzejniki-dekoracyjne'),
  article(2, 'grzejniki-do-pompy-ciepla', 'Grzejniki do pompy ciepła – na co zwrócić uwagę', 'Pompy ciepła',
    'Pompa ciepła najoszczędniej pracuje przy niskiej temperaturze zasilania. Grzejniki trzeba do tego dobrać.',
    `## Niższa temperatura, mniejsza moc

Pompa ciepła zasila grzejniki wodą o temperaturze 45–55 °C. Grzejnik o mocy 1500 W w parametrach 75/65/20 odda wtedy zaledwie 500–700 W.

## Co zrobić

- wybierz grzejniki o większej powierzchni, np. panelowe typu 22 lub 33,
- sprawdź moc przy 55/45/20 lub 45/35/20,
- rozważ grzejniki niskotemperaturowe z wentylatorem.

## Przeliczenie

Moc w innych parametrach liczymy ze wzoru Φ = Φ75 × (ΔT / 49,83)^n, gdzie n to wykładnik podany przez producenta (zwykle około 1,3).`, 'grzejniki-panelowe'),
  article(3, 'podlaczenie-dolne-czy-boczne', 'Podłączenie dolne czy boczne?', 'Montaż',
    'Rozstaw 500 mm z boku czy V50 od dołu? Wyjaśniamy różnice i podpowiadamy, kiedy które wybrać.',
    `## Podłączenie boczne

Klasyczne podłączenie z boku grzejnika, zwykle gwint 1/2 cala. Sprawdza się przy wymianie starych grzejników, gdy rury wychodzą ze ściany.

## Podłączenie dolne V50

Dwa króćce w odstępie 50 mm od spodu grzejnika. Rury wychodzą z podłogi lub ściany przy samej posadzce i są niemal niewidoczne. Wymaga zestawu przyłączeniowego V50.

## Rozstaw

Przy grzejnikach dekoracyjnych często spotkasz rozstaw 500 mm lub inny, zależny od szerokości. Zawsze sprawdź rozstaw na karcie produktu przed zamówieniem.`, 'zestawy-przylaczeniowe'),
  article(4, 'odpowietrzanie-grzejnikow', 'Odpowietrzanie grzejników krok po kroku', 'Konserwacja',
    'Bulgotanie i zimna góra grzejnika to znak, że w środku jest powietrze. Odpowietrzysz go w pięć minut.',
    `## Przygotuj

Kluczyk do odpowietrznika, szmatkę i naczynie na wodę. Najlepiej przy wyłączonej pompie obiegowej.

## Odpowietrz

Odkręć zawór odpowietrzający o pół obrotu. Gdy zamiast syczenia powietrza popłynie woda, zakręć zawór. Powtórz dla każdego grzejnika, zaczynając od najniższej kondygnacji.

## Sprawdź ciśnienie

Po odpowietrzeniu sprawdź ciśnienie w instalacji na manometrze kotła i w razie potrzeby uzupełnij wodę.`, 'zawory'),
  article(5, 'grzejnik-lazienkowy-elektryczny-czy-wodny', 'Grzejnik łazienkowy: elektryczny czy wodny?', 'Łazienka',
    'Drabinka podłączona do centralnego ogrzewania, grzałka czy oba rozwiązania naraz? Porównujemy koszty i wygodę.',
    `## Wodny

Tani w eksploatacji, ale grzeje tylko w sezonie grzewczym. Latem ręczniki schną wolniej.

## Elektryczny

Działa przez cały rok, ma sterownik i timer. Koszt prądu przy grzałce 600 W pracującej dwie godziny dziennie to około 40 zł miesięcznie.

## Tryb mieszany

Grzejnik wodny z dodatkową grzałką: zimą korzysta z c.o., latem z grzałki. Pamiętaj o zaworach odcinających i trójniku.`, 'grzejniki-lazienkowe'),
  article(6, 'kolor-grzejnika-we-wnetrzu', 'Kolor grzejnika we wnętrzu', 'Aranżacje',
    'Grzejnik może zniknąć na ścianie albo stać się ozdobą. Podpowiadamy, jak dobrać kolor.',
    `## Wtopiony w ścianę

Biel i jasna szarość sprawiają, że grzejnik znika na tle ściany. To dobry wybór do małych pomieszczeń.

## Akcent

Antracyt, czerń mat czy butelkowa zieleń tworzą mocny akcent, szczególnie przy pionowych grzejnikach dekoracyjnych.

## Kolor RAL na zamówienie

Wiele modeli pomalujemy na dowolny kolor z palety RAL – dopłata od 15%, czas realizacji wydłuża się do około trzech tygodni.`, 'grzejniki-dekoracyjne-pionowe'),
  article(7, 'glowica-termostatyczna-jak-ustawic', 'Głowica termostatyczna – jak ją ustawić', 'Oszczędzanie',
    'Cyfry na głowicy to nie moc, tylko temperatura w pokoju. Wyjaśniamy, jak ustawić je rozsądnie.',
    `## Co oznaczają cyfry

Na większości głowic „3” odpowiada około 20 °C, „4” około 24 °C, a „*” to ochrona przed zamarznięciem (około 6 °C).

## Oszczędność

Obniżenie temperatury o 1 °C zmniejsza rachunki za ogrzewanie o około 6%. W sypialni wystarczy zwykle „2–3”.

## Głowice elektroniczne

Programowalne głowice obniżają temperaturę w nocy i pod nieobecność domowników, a wersje Wi-Fi sterujesz z telefonu.`, 'glowice-termostatyczne'),
  article(8, 'grzejniki-zeliwne-w-kamienicy', 'Grzejniki żeliwne w kamienicy', 'Dobór grzejnika',
    'Żeliwo wraca do łask: wolno się nagrzewa, długo oddaje ciepło i pasuje do wnętrz z charakterem.',
    `## Zalety

Duża pojemność wodna i masa sprawiają, że żeliwny grzejnik długo oddaje ciepło po wyłączeniu kotła.

## Wady

Waży kilkakrotnie więcej niż stalowy – przed montażem sprawdź nośność ściany albo wybierz montaż na nóżkach.

## Dobór

Moc liczymy na element (człon). Typowy element o wysokości 760 mm ma około 150 W przy 75/65/20.`, 'grzejniki-zeliwne'),
  article(9, 'wymiana-grzejnika-krok-po-kroku', 'Wymiana grzejnika krok po kroku', 'Montaż',
    'Wymiana grzejnika to kilka godzin pracy. Sprawdź, co przygotować i kiedy lepiej zadzwonić po instalatora.',
    `## Przed wymianą

Zmierz rozstaw przyłączy i odległość od podłogi, sprawdź rodzaj rur i gwintów.

## Wymiana

- zamknij zawory i spuść wodę z grzejnika,
- odkręć stary grzejnik i zdejmij go z uchwytów,
- zamontuj nowe uchwyty i powieś grzejnik,
- podłącz zawory, napełnij i odpowietrz.

## Próba szczelności

Po napełnieniu obejrzyj wszystkie połączenia. Jeśli nie masz doświadczenia, skorzystaj z naszej usługi montażu.`, 'montaz-i-poradniki'),
  article(10, 'grzejnik-pod-oknem-czy-na-scianie', 'Grzejnik pod oknem czy na innej ścianie?', 'Aranżacje',
    'Tradycyjnie grzejnik stoi pod oknem. W nowych domach z dobrymi oknami można go postawić gdzie indziej.',
    `## Dlaczego pod oknem

Ciepłe powietrze znad grzejnika tworzy kurtynę, która ogranicza spływ zimnego powietrza od szyby.

## Nowoczesne okna

Przy szybach o współczynniku U poniżej 1,0 efekt zimnej szyby jest niewielki i grzejnik można przenieść na ścianę wewnętrzną.

## Poziomy czy pionowy

Pod oknem sprawdzi się grzejnik poziomy, na wąskiej ścianie – pionowy dekoracyjny o tej samej mocy.`, 'grzejniki-dekoracyjne-poziome'),
  article(11, 'plukanie-instalacji-co', 'Płukanie instalacji c.o. – kiedy i po co', 'Konserwacja',
    'Osady i szlam w instalacji obniżają moc grzejników i skracają życie kotła. Podpowiadamy, kiedy płukać.',
    `## Objawy

Grzejniki grzeją nierówno, dół jest zimny, a kocioł częściej się włącza. To znak, że w instalacji zebrał się szlam.

## Płukanie

Instalator podłącza pompę z preparatem czyszczącym i przepłukuje obieg. Przy wymianie kotła lub montażu pompy ciepła płukanie jest konieczne.

## Po płukaniu

Zamontuj filtr magnetyczny na powrocie – zatrzyma drobiny, zanim dotrą do kotła.`, 'akcesoria'),
  article(12, 'ile-kosztuje-ogrzewanie-lazienki', 'Ile kosztuje ogrzanie łazienki', 'Oszczędzanie',
    'Policzyliśmy, ile kosztuje ogrzewanie łazienki grzejnikiem wodnym, elektrycznym i podłogówką.',
    `## Grzejnik wodny

Przy kotle gazowym ogrzanie łazienki o powierzchni 6 m² kosztuje w sezonie około 150–250 zł.

## Grzejnik elektryczny

Grzałka 600 W pracująca 3 godziny dziennie przez 200 dni to około 360 kWh, czyli 300–400 zł rocznie.

## Podsumowanie

Najtaniej wychodzi grzejnik wodny z grzałką używaną tylko latem.`, 'grzejniki-elektryczne'),
];
