import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { initI18n, i18n } from '@kaloryfer/i18n';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { start } from 'single-spa';
import { registerApplications } from './apps/register-applications';
import { startShellWriters } from './behaviours/shell-writers';
import { pushToDataLayer } from './behaviours/tag-manager';
import { addShellNamespace } from './i18n/shell-namespace';
import { ShellLayout } from './layout/ShellLayout';
import { AB_COOKIE, assignVariants } from './registry/ab-assignment';
import { fetchRegistry, readCookie, writeCookie } from './registry/fetch-registry';
import { RemoteLoader, type FederationRuntime } from './registry/remote-loader';
import { startRouter } from './routing/router';
import './styles/shell.css';

declare const __CONTRACTS_VERSION__: string;

async function boot(): Promise<void> {
  const [registry] = await Promise.all([fetchRegistry(), initI18n()]);
  addShellNamespace();

  const { assignments, cookie } = assignVariants(registry, {
    cookie: readCookie(AB_COOKIE),
    override: new URLSearchParams(location.search).get('mfe'),
    random: Math.random,
  });
  writeCookie(AB_COOKIE, cookie);
  for (const assignment of assignments) {
    if ((registry.remotes[assignment.remote]?.variants.length ?? 0) > 1) {
      pushToDataLayer({ event: 'mfe_assignment', ...assignment });
    }
  }

  const runtime: FederationRuntime = { registerRemotes, loadRemote };
  const loader = new RemoteLoader(registry, assignments, runtime, __CONTRACTS_VERSION__, pushToDataLayer);
  const notifications = startShellWriters();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <I18nextProvider i18n={i18n}>
      <ShellLayout loader={loader} onDismissNotification={(id) => notifications.remove(id)} />
    </I18nextProvider>,
  );
  // single-spa mounts into the regions the layout renders: wait for them to exist.
  await new Promise<void>((resolve) => {
    const check = () => (document.getElementById('main-content') ? resolve() : requestAnimationFrame(check));
    check();
  });

  // For operators and the e2e suite: which build of each remote this page runs.
  Object.assign(window, {
    __KALORYFER_SHELL__: { assignments, variantOf: (remote: Parameters<RemoteLoader['variantOf']>[0]) => loader.variantOf(remote) },
  });

  startRouter();
  registerApplications(loader);
  start({ urlRerouteOnly: true });
}

void boot();
