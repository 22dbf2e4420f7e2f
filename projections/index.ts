import { accountsProjection } from './accounts/accounts.ts';
import type { Projection } from './projection.ts';

/** Every read model the workers keep up to date. A new one is added here. */
export const projections: readonly Projection[] = [accountsProjection];

export function findProjection(name: string): Projection | undefined {
  return projections.find((p) => p.name === name);
}
