import type { RemoteName } from '@kaloryfer/contracts';
import { useEffect, useRef } from 'react';
import { ResilientRegion } from '../apps/resilient-region';
import type { RemoteLoader } from '../registry/remote-loader';

/** A header or footer slot filled by a remote's widget, mounted as a single-spa parcel. */
export function WidgetSlot({ loader, remote, module, className }: {
  loader: RemoteLoader;
  remote: RemoteName;
  module: string;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const region = new ResilientRegion(loader, remote, module, 'widget');
    void region.mount(element);
    return () => { void region.unmount(); };
  }, [loader, remote, module]);
  return <div ref={ref} className={`slot ${className ?? ''}`} data-slot={`${remote}${module.slice(1)}`} />;
}
