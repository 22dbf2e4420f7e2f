import { SegmentedControl, Text } from '@mantine/core';
import { BILLING_CYCLES, type BillingCycle } from '../../../../domain/billing/plans.ts';

/** The toggle's discount labels (management §9); each card shows its own exact savings. */
const DISCOUNTS: Record<BillingCycle, string | null> = { monthly: null, quarterly: '15%', yearly: '30%' };
const LABELS: Record<BillingCycle, string> = { monthly: 'Monthly', quarterly: 'Quarterly', yearly: 'Yearly' };

const isCycle = (value: string): value is BillingCycle => (BILLING_CYCLES as readonly string[]).includes(value);

export function BillingCycleControl({ value, onChange }: { value: BillingCycle; onChange: (cycle: BillingCycle) => void }) {
  return (
    <SegmentedControl
      aria-label="Billing cycle"
      value={value}
      onChange={(next) => isCycle(next) && onChange(next)}
      data={BILLING_CYCLES.map((cycle) => ({
        value: cycle,
        label: (
          <>
            {LABELS[cycle]}
            {DISCOUNTS[cycle] && (
              <Text span size="xs" fw={700} c="green" ml={6}>
                −{DISCOUNTS[cycle]}
              </Text>
            )}
          </>
        ),
      }))}
    />
  );
}
