import { useId, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { Icon } from './icon';
import { PanelPortal } from './panel-portal';
import { useFocusTrap } from './use-focus-trap';

/**
 * A side drawer opened from the header (microcart, wishlist): a modal dialog named by its
 * heading, with a close button, rendered above the page overlay. Focus and Escape come from
 * `useOverlayPanel`, whose `focusRef` and `onKeyDown` the drawer takes; Tab stays inside while
 * it is shown (it is rendered only while open).
 */
export function Drawer({
  title,
  onClose,
  focusRef,
  onKeyDown,
  children,
}: {
  title: string;
  onClose: () => void;
  focusRef: RefObject<HTMLDivElement | null>;
  onKeyDown: (event: { key: string }) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const titleId = useId();
  useFocusTrap(focusRef, true);
  return (
    <PanelPortal>
      <div ref={focusRef} className="drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <div className="drawer-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="button-icon" onClick={onClose} aria-label={t('close')}>
            <Icon name="close" />
          </button>
        </div>
        {children}
      </div>
    </PanelPortal>
  );
}
