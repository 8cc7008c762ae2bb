import { useId, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { Icon } from './Icon';
import { PanelPortal } from './PanelPortal';

/**
 * A side drawer opened from the header (microcart, wishlist): a modal dialog named by its
 * heading, with a close button, rendered above the page overlay. Focus and Escape come from
 * `useOverlayPanel`, whose `focusRef` and `onKeyDown` the drawer takes.
 */
export function Drawer({ title, onClose, focusRef, onKeyDown, children }: {
  title: string;
  onClose: () => void;
  focusRef: RefObject<HTMLDivElement | null>;
  onKeyDown: (event: { key: string }) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <PanelPortal>
      <div ref={focusRef} className="drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <div className="drawer-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="button-icon" onClick={onClose} aria-label={t('close')}><Icon name="close" /></button>
        </div>
        {children}
      </div>
    </PanelPortal>
  );
}
