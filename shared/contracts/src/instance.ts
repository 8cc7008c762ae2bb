/**
 * Singleton proof. Every copy of this package that gets evaluated on a page records itself
 * here; Module Federation must make that exactly one. The e2e test reads the list after the
 * shell and two remotes have loaded; the unit test shows a second copy would be counted.
 */
import { CONTRACTS_VERSION } from './version';

interface InstanceRecord {
  id: string;
  version: string;
}

type Registry = { __KALORYFER_CONTRACTS__?: InstanceRecord[] };

const registry = globalThis as Registry;
const instance: InstanceRecord = {
  id: Math.random().toString(36).slice(2),
  version: CONTRACTS_VERSION,
};
(registry.__KALORYFER_CONTRACTS__ ??= []).push(instance);

export const CONTRACTS_INSTANCE_ID = instance.id;

export function contractsInstances(): readonly InstanceRecord[] {
  return registry.__KALORYFER_CONTRACTS__ ?? [];
}
