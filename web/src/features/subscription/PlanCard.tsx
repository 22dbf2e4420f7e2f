import { Badge, Button, CheckIcon, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type BillingCycle, type Plan, savingsPercent } from '../../../../domain/billing/plans.ts';

interface PlanCardProps {
  plan: Plan;
  cycle: BillingCycle;
  /** Undefined: the user may not choose a plan (not an Admin), so no button. */
  onChoose?: () => void;
  /** This plan's checkout is starting. */
  choosing: boolean;
  /** Another plan's checkout is starting. */
  disabled: boolean;
}

const MONTHS: Record<BillingCycle, number> = { monthly: 1, quarterly: 3, yearly: 12 };
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** One plan of management §9: its price per month in the chosen cycle, what that saves against monthly, and its features. */
export function PlanCard({ plan, cycle, onChoose, choosing, disabled }: PlanCardProps) {
  const price = plan.prices[cycle];
  const savings = savingsPercent(plan, cycle);
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      h="100%"
      style={plan.popular ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
      aria-labelledby={`plan-${plan.id}`}
      component="section"
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={2} size="h3" id={`plan-${plan.id}`}>
            {plan.name}
          </Title>
          {plan.popular && <Badge variant="filled">Most Popular</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {plan.description}
        </Text>
        <Stack gap={2}>
          <Group gap={4} align="baseline">
            <Text fz={36} fw={700} lh={1}>
              {usd.format(price)}
            </Text>
            <Text c="dimmed">/ month</Text>
          </Group>
          <Group gap="xs" mih={22}>
            <Text size="sm" c="dimmed">
              {cycle === 'monthly' ? 'Billed monthly' : `${usd.format(price * MONTHS[cycle])} billed ${cycle}`}
            </Text>
            {savings > 0 && (
              <Badge variant="light" color="green" size="sm">
                Save {savings}%
              </Badge>
            )}
          </Group>
        </Stack>
        <List
          spacing="xs"
          size="sm"
          center
          icon={
            <ThemeIcon size={18} radius="xl" variant="light">
              <CheckIcon size={10} />
            </ThemeIcon>
          }
          style={{ flexGrow: 1 }}
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {onChoose && (
          <Button
            fullWidth
            variant={plan.popular ? 'filled' : 'default'}
            loading={choosing}
            disabled={disabled}
            onClick={onChoose}
          >
            Choose {plan.name}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
