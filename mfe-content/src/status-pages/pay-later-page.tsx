import './status-pages.css';
import { linkTo } from '@kaloryfer/contracts';
import { useFormatPrice, useTranslation } from '@kaloryfer/i18n';
import { PageFrame } from '@kaloryfer/ui';
import { useId } from 'react';
import { INSTALMENTS, INSTALMENTS_EXAMPLE, instalmentPlan, methodTitle, PAY_LATER, PAY_LATER_EXAMPLE } from './pay-later-terms';

/**
 * /placepozniej ("pay later"; its purpose is not in the spec): the shop's two ways to pay later —
 * the gateway's deferred payment (30 days) and instalments — how they work, their limits and a
 * worked example in the shop's money format. Text only: rendered on the server, no data.
 */
export function PayLaterPage() {
  const { t } = useTranslation('content');
  const formatPrice = useFormatPrice(); // formatPln in the page's language
  const howId = useId();
  const compareId = useId();
  const exampleId = useId();
  const returnsId = useId();
  const payLater = methodTitle(PAY_LATER.code);
  const instalments = methodTitle(INSTALMENTS.code);
  const range = (minimum: number, maximum: number) => t('payLater.range', { min: formatPrice(minimum), max: formatPrice(maximum) });

  return (
    <PageFrame title={t('payLater.title')} description={t('payLater.description')} lead={t('payLater.lead')}>
      <div className="status-page">
        <section aria-labelledby={howId}>
          <h2 id={howId}>{t('payLater.howTitle')}</h2>
          <ol className="pay-later-steps">
            <li>{t('payLater.step1')}</li>
            <li>{t('payLater.step2', { payLater, instalments })}</li>
            <li>{t('payLater.step3')}</li>
            <li>{t('payLater.step4')}</li>
          </ol>
        </section>

        <section aria-labelledby={compareId}>
          <h2 id={compareId}>{t('payLater.compareTitle')}</h2>
          {/* Scrolls sideways on a phone: reachable by keyboard and named (WCAG 2.1.1). */}
          <div className="pay-later-table-wrap" tabIndex={0} role="region" aria-labelledby={compareId}>
            <table className="pay-later-table">
              <caption>{t('payLater.compareCaption')}</caption>
              <thead>
                <tr>
                  <td />
                  <th scope="col">{payLater}</th>
                  <th scope="col">{instalments}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t('payLater.rowAmount')}</th>
                  <td>{range(PAY_LATER.minimum, PAY_LATER.maximum)}</td>
                  <td>{range(INSTALMENTS.minimum, INSTALMENTS.maximum)}</td>
                </tr>
                <tr>
                  <th scope="row">{t('payLater.rowWhen')}</th>
                  <td>{t('payLater.payLaterWhen', { days: PAY_LATER.days })}</td>
                  <td>{t('payLater.instalmentsWhen')}</td>
                </tr>
                <tr>
                  <th scope="row">{t('payLater.rowCost')}</th>
                  <td>{t('payLater.payLaterCost')}</td>
                  <td>{t('payLater.instalmentsCost')}</td>
                </tr>
                <tr>
                  <th scope="row">{t('payLater.rowWho')}</th>
                  <td colSpan={2}>{t('payLater.who')}</td>
                </tr>
              </tbody>
            </table>
          </div>
          <p className="pay-later-note">{t('payLater.limitsNote')}</p>
        </section>

        <section aria-labelledby={exampleId}>
          <h2 id={exampleId}>{t('payLater.exampleTitle')}</h2>
          <p>{t('payLater.examplePayLater', { price: formatPrice(PAY_LATER_EXAMPLE), method: payLater, days: PAY_LATER.days, cost: formatPrice(0) })}</p>
          <p>{t('payLater.exampleInstalments', { price: formatPrice(INSTALMENTS_EXAMPLE.amount), method: instalments })}</p>
          <div className="pay-later-table-wrap" tabIndex={0} role="region" aria-labelledby={exampleId}>
            <table className="pay-later-table">
              <caption>{t('payLater.exampleCaption', { price: formatPrice(INSTALMENTS_EXAMPLE.amount) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('payLater.colCount')}</th>
                  <th scope="col">{t('payLater.colInstalment')}</th>
                  <th scope="col">{t('payLater.colTotal')}</th>
                </tr>
              </thead>
              <tbody>
                {INSTALMENTS_EXAMPLE.counts.map((count) => {
                  const plan = instalmentPlan(INSTALMENTS_EXAMPLE.amount, count);
                  return (
                    <tr key={count}>
                      <th scope="row">{count}</th>
                      <td className="number">{formatPrice(plan.instalment)}</td>
                      <td className="number">{formatPrice(plan.total)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="pay-later-note">{t('payLater.exampleNote')}</p>
        </section>

        <section aria-labelledby={returnsId}>
          <h2 id={returnsId}>{t('payLater.returnsTitle')}</h2>
          <p>{t('payLater.returns')}</p>
          <p>
            <a href={linkTo({ name: 'cms-page', slug: 'platnosci' })}>{t('payLater.allPayments')}</a>
          </p>
        </section>
      </div>
    </PageFrame>
  );
}
