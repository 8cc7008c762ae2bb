import { heatOutput, logMeanDeltaT, neededOutput, parseTemperatures, WATTS_PER_SQUARE_METRE } from '@kaloryfer/domain';
import { parseImagePath } from '../images/product-drawing';
import { ADVICE_ARTICLES as FROM_CONTENT } from './content';
import { ADVICE_ARTICLES, ADVICE_FIGURES, ADVICE_TOPICS, readingMinutes, WORDS_PER_MINUTE } from './advice-articles';
import { familyOf } from './advice-figures';
import { nominalOutput } from './radiator-formulas';
import { CATEGORIES } from './reference-data';

const at = (text: string) => {
  const temperatures = parseTemperatures(text);
  if (!temperatures) throw new Error(`${text} are not usable temperatures`);
  return temperatures;
};

describe('advice articles', () => {
  test('at least 12, unique slugs and dates, newest first by date, re-exported where the seed reads content', () => {
    expect(FROM_CONTENT).toBe(ADVICE_ARTICLES);
    expect(ADVICE_ARTICLES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(ADVICE_ARTICLES.map((article) => article.slug)).size).toBe(ADVICE_ARTICLES.length);
    expect(new Set(ADVICE_ARTICLES.map((article) => article.id)).size).toBe(ADVICE_ARTICLES.length);
    for (const article of ADVICE_ARTICLES) expect(article.published_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test.each(ADVICE_ARTICLES.map((article) => [article.slug, article] as const))(
    '%s: topic, related category, picture, reading time, markdown-light body',
    (_slug, article) => {
      expect(ADVICE_TOPICS).toContain(article.topic);
      expect(CATEGORIES.map((category) => category.slug)).toContain(article.related_category_slug);
      expect(parseImagePath(article.image)).not.toBeNull();
      const words = article.body
        .replace(/^(## |- )/gm, '')
        .split(/\s+/)
        .filter(Boolean).length;
      expect(article.reading_minutes).toBe(Math.max(1, Math.ceil(words / WORDS_PER_MINUTE)));
      expect(article.lead.length).toBeGreaterThan(60);
      // Only what the storefront's parser knows: "## " headings, "- " items, paragraphs; no markup.
      expect(article.body).not.toMatch(/[<>]/);
      expect(article.body).not.toMatch(/^#(?!# )|^### |^\* |^\d+\. /m);
      expect(article.body.match(/^## /gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
    },
  );

  test('reading time: 200 words a minute, at least one', () => {
    expect(readingMinutes('słowo '.repeat(200))).toBe(1);
    expect(readingMinutes('słowo '.repeat(201))).toBe(2);
    expect(readingMinutes('## Nagłówek\n\n- punkt')).toBe(1);
  });

  test('every topic has an article', () => {
    expect(new Set(ADVICE_ARTICLES.map((article) => article.topic))).toEqual(new Set(ADVICE_TOPICS));
  });
});

describe("the figures articles state agree with the shop's own rules", () => {
  const figures = ADVICE_ARTICLES.flatMap((article) => (ADVICE_FIGURES[article.slug] ?? []).map((figure) => [article.slug, figure, article.body] as const));

  test('articles on output and sizing carry computed figures', () => {
    for (const slug of [
      'grzejniki-do-pompy-ciepla',
      'jak-dobrac-moc-grzejnika',
      'jaki-rozmiar-grzejnika-lazienkowego',
      'grzejnik-lazienkowy-z-grzalka',
      'wymiana-grzejnika-zeliwnego',
    ]) {
      expect(ADVICE_FIGURES[slug].length).toBeGreaterThan(2);
    }
  });

  test.each(figures)('%s: %j is computed by the formula and stated in the text', (_slug, figure, body) => {
    expect(body).toContain(figure.text);
    switch (figure.kind) {
      case 'output':
        expect(figure.value).toBe(heatOutput(figure.nominal, at(figure.at), figure.exponent));
        break;
      case 'share':
        expect(figure.value).toBe(Math.round(heatOutput(1000, at(figure.at), figure.exponent) / 10));
        break;
      case 'nominal':
        // The smallest catalogue output (10 W steps) that still gives what is needed.
        expect(heatOutput(figure.value, at(figure.at), figure.exponent)).toBeGreaterThanOrEqual(figure.needed);
        expect(heatOutput(figure.value - 10, at(figure.at), figure.exponent)).toBeLessThan(figure.needed);
        break;
      case 'deltaT':
        expect(figure.value).toBeCloseTo(logMeanDeltaT(at(figure.at))!, 2);
        break;
      case 'need':
        expect(figure.value).toBe(figure.room ? neededOutput(figure.area, figure.room) : Math.round(figure.area * figure.wattsPerSquareMetre));
        if (figure.room) expect(figure.wattsPerSquareMetre).toBe(WATTS_PER_SQUARE_METRE[figure.room]);
        break;
      case 'model': {
        const family = familyOf(figure.family);
        expect(family.widths).toContain(figure.width);
        expect(family.heights).toContain(figure.height);
        expect(figure.value).toBe(Math.round(nominalOutput(family, figure.width, figure.height) / 5) * 5);
        break;
      }
    }
  });

  // The same numbers as the domain's own table (shared/domain/src/heating/heat-output.test.ts).
  test.each([
    ['55/45/20', '511 W'],
    ['45/35/20', '297 W'],
    ['70/55/20', '802 W'],
  ])('a 1000 W radiator at %s gives %s in the heat-pump article', (temperatures, watts) => {
    const body = ADVICE_ARTICLES.find((article) => article.slug === 'grzejniki-do-pompy-ciepla')!.body;
    expect(body.replace(/\u00a0/g, ' ')).toContain(`przy ${temperatures}: ${watts}`);
  });
});
