export { createRemoteLifecycles } from './remote-lifecycles';
export { PageFrame, type Crumb } from './PageFrame';
export { RemoteCrash } from './RemoteCrash';
export { RemoteVersion } from './RemoteVersion';
export { Icon, type IconName } from './Icon';
export { useOverlayPanel } from './use-overlay-panel';
export { readStored, writeStored } from './stored';
export { PanelPortal } from './PanelPortal';
export { Drawer } from './Drawer';
