import { linkTo, pageTitleChanged, type RouteIntent } from '@kaloryfer/contracts';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { useServerRender } from './rendering/server-render-context';

export interface Crumb {
  label: string;
  intent?: RouteIntent;
}

/**
 * The frame of every page: breadcrumbs (home first), one h1 that names the page, and the
 * page's title sent to the shell (which formats it per spec §2), or on the server into the head.
 */
export function PageFrame({
  title,
  description,
  crumbs = [],
  lead,
  children,
  isHome = false,
  contentLang,
}: {
  title: string;
  /** The language of the title and lead when it is not the page's (Polish-only content on an English page: 'pl'). */
  contentLang?: string;
  description?: string;
  crumbs?: Crumb[];
  lead?: ReactNode;
  children?: ReactNode;
  /** The home page has no breadcrumbs. */
  isHome?: boolean;
}) {
  const { t } = useTranslation('common');
  const headingId = useId();
  // A server render puts the title into the HTML's head; in the browser the shell sets it.
  useServerRender()?.reportHead({ title, description });
  useEffect(() => {
    pageTitleChanged.emit({ title, description });
  }, [title, description]);
  const trail: Crumb[] = [{ label: t('breadcrumbs.home'), intent: { name: 'home' } }, ...crumbs, { label: title }];
  return (
    <article className="page-frame" aria-labelledby={headingId}>
      {!isHome && (
        <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
          <ol>
            {trail.map((crumb, index) => (
              <li key={`${crumb.label}-${index}`}>
                {crumb.intent && index < trail.length - 1 ? <a href={linkTo(crumb.intent)}>{crumb.label}</a> : <span aria-current="page">{crumb.label}</span>}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <h1 id={headingId} lang={contentLang}>
        {title}
      </h1>
      {lead && (
        <p className="page-lead" lang={contentLang}>
          {lead}
        </p>
      )}
      {children}
    </article>
  );
}
