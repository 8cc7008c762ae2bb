import { loadConfig } from '../config';

/** The SEO files' settings (docs/configuration.md): ROBOTS, FEED_TOKEN, SEO_FILES_*. */
test('defaults: indexed, public feeds, 15 s after the last change, at the latest 40 s after the first, at most every 30 s', () => {
  const config = loadConfig({});
  expect(config.robots).toBe('index');
  expect(config.feedToken).toBeUndefined();
  expect(config.seoFiles).toEqual({ debounceMs: 15_000, maxDelayMs: 40_000, minIntervalMs: 30_000 });
});

test.each<[Record<string, string>, RegExp]>([
  [{ ROBOTS: 'nofollow' }, /ROBOTS must be index or noindex/],
  [{ FEED_TOKEN: 'short' }, /FEED_TOKEN must be 16–256 characters/],
  [{ FEED_TOKEN: 'a token with spaces in it' }, /FEED_TOKEN must be/],
  [{ SEO_FILES_DEBOUNCE_MS: '50000' }, /SEO_FILES_MAX_DELAY_MS must not be below SEO_FILES_DEBOUNCE_MS/],
  [{ SEO_FILES_MIN_INTERVAL_MS: '60000' }, /SEO_FILES_MIN_INTERVAL_MS must not be above SEO_FILES_MAX_DELAY_MS/],
  [{ SEO_FILES_MAX_DELAY_MS: 'soon' }, /SEO_FILES_MAX_DELAY_MS must be milliseconds/],
])('%p is refused at start', (env, message) => {
  expect(() => loadConfig(env)).toThrow(message);
});

test('a staging shop and a private feed', () => {
  const config = loadConfig({
    ROBOTS: 'noindex',
    FEED_TOKEN: 'Merchant-Center_2026.feed~token',
    SEO_FILES_DEBOUNCE_MS: '1000',
    SEO_FILES_MAX_DELAY_MS: '5000',
    SEO_FILES_MIN_INTERVAL_MS: '0',
  });
  expect(config).toMatchObject({
    robots: 'noindex',
    feedToken: 'Merchant-Center_2026.feed~token',
    seoFiles: { debounceMs: 1_000, maxDelayMs: 5_000, minIntervalMs: 0 },
  });
});
