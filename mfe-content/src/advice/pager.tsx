import { adviceListHref } from './advice-query';
import { useAdviceWords } from './use-advice-words';

/** Page links of /porady (`?page=2`): previous and next with rel, each page with its number, the shown one current. */
export function Pager({ topic, page, pages }: { topic: string | null; page: number; pages: number }) {
  const { t } = useAdviceWords();
  if (pages <= 1) return null;
  const href = (target: number) => adviceListHref({ topic, page: target });
  return (
    <nav className="advice-pager" aria-label={t('advice.pages')}>
      <ul>
        {page > 1 && (
          <li>
            <a href={href(page - 1)} rel="prev">
              {t('advice.previous')}
            </a>
          </li>
        )}
        {Array.from({ length: pages }, (_, index) => index + 1).map((target) => (
          <li key={target}>
            <a href={href(target)} aria-current={target === page ? 'page' : undefined} aria-label={t('advice.page', { page: target })}>
              {target}
            </a>
          </li>
        ))}
        {page < pages && (
          <li>
            <a href={href(page + 1)} rel="next">
              {t('advice.next')}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
