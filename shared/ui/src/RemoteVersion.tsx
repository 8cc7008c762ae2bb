/**
 * A quiet line naming the build that renders a region (remote, version, variant). Operators
 * read it after a release or rollback; the e2e suite reads it to see which build is live.
 */
export function RemoteVersion({ build }: { build: { remote: string; version: string; variant: string | null } }) {
  const label = `${build.remote} ${build.version}${build.variant ? ` (${build.variant})` : ''}`;
  return (
    <p className="remote-badge" data-remote-build={build.remote} data-version={build.version} data-variant={build.variant ?? ''}>
      {label}
    </p>
  );
}
