import type { RemoteName } from '@kaloryfer/contracts';
import { useEffect, useRef } from 'react';
import type { RegionMounter } from '../apps/region-mounter';

/** The page server's placeholder in a slot: it puts the remote's HTML where this comment is. */
export const slotMarker = (id: string) => `<!--kf-slot:${id}-->`;
/** Finds the markers (the slot id in group 1). */
export const SLOT_MARKER = /<!--kf-slot:([\w-]+)-->/g;

/**
 * A slot whose first view the page server renders (a route's region, the footer): the shell's
 * own React never touches what is inside — the remote's HTML is put there by the server and
 * hydrated, or rendered, by the remote itself. On the server the slot holds a marker the page
 * server replaces with the region's HTML.
 */
export function ServerSlot({
  id,
  className,
  remote,
  module,
  mounter,
  marker,
  dataRemote,
}: {
  id: string;
  className: string;
  remote?: RemoteName;
  module?: string;
  /** Browser: mounts a widget slot's remote after hydration (route regions are single-spa's). */
  mounter?: RegionMounter | null;
  /** Server: render the marker. */
  marker: boolean;
  dataRemote?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !mounter || !remote || !module) return undefined;
    return mounter.mountWidget(element, remote, module);
  }, [mounter, remote, module]);
  return (
    <div
      ref={ref}
      id={id}
      className={className}
      data-remote={dataRemote}
      dangerouslySetInnerHTML={{ __html: marker ? slotMarker(id) : '' }}
      suppressHydrationWarning
    />
  );
}
