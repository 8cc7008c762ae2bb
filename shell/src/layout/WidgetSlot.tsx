import type { RemoteName } from '@kaloryfer/contracts';
import { useEffect, useRef } from 'react';
import type { RegionMounter } from '../apps/region-mounter';

/**
 * A header slot filled by a remote's widget in the browser (search, account, wishlist, mini-cart):
 * the server renders the empty, sized slot; the widget mounts after hydration, one per idle task.
 */
export function WidgetSlot({ mounter, remote, module, className }: { mounter: RegionMounter | null; remote: RemoteName; module: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !mounter) return undefined;
    return mounter.mountWidget(element, remote, module);
  }, [mounter, remote, module]);
  return <div ref={ref} className={`slot ${className ?? ''}`} data-slot={`${remote}${module.slice(1)}`} />;
}
