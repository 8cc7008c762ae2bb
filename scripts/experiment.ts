import { experimentReportLines } from './lib/experiment-report-text';
import { RegistryCallError } from './lib/registry-client';
import { connect, parseFlags } from './lib/registry-cli-options';

const USAGE = `usage: npm run experiment -- report <remote> [--since <ISO time>] [--lift <percent>] [--json] [--shop <url>] [--token <token>]
  report <remote>   the A/B test of the remote's variants: shoppers exposed, orders, conversion, revenue per
                    shopper; each variant against the control (difference, 95 % interval, p-value); the split
                    checked against the weights; the shoppers needed to detect --lift (default 10 %)
docs/experiments.md says how to read it.`;

async function main() {
  const { words, flags } = parseFlags(process.argv.slice(2), ['shop', 'token', 'since', 'lift'], ['json']);
  const [command, remote] = words;
  if (command !== 'report' || !remote) throw new Error(USAGE);
  const lift = flags.lift === undefined ? undefined : Number(flags.lift);
  if (lift !== undefined && !(lift > 0)) throw new Error(`--lift: a percentage above 0, not ${flags.lift}`);
  const report = await connect(flags).client.experimentReport(remote, { since: flags.since, lift });
  if (flags.json) console.log(JSON.stringify(report, null, 2));
  else for (const line of experimentReportLines(report)) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error instanceof RegistryCallError || error instanceof Error ? error.message : error);
  process.exit(1);
});
