/**
 * Names the build that renders a region (remote, version, variant) in data attributes, for
 * operators checking a release in the DOM and for the e2e suite. Hidden from shoppers and
 * from assistive technology.
 */
export function RemoteVersion({ build }: { build: { remote: string; version: string; variant: string | null } }) {
  return <span hidden data-remote-build={build.remote} data-version={build.version} data-variant={build.variant ?? ''} />;
}
