/** Which build this is; the shared build config defines it (see shared/mfe-build). */
declare const __REMOTE_BUILD__: { remote: string; container: string; version: string; variant: string | null; contracts: string };

export const BUILD =
  typeof __REMOTE_BUILD__ === 'undefined' ? { remote: 'test', container: 'test', version: '0.0.0', variant: null, contracts: '1.0.0' } : __REMOTE_BUILD__;
