/** The plans of management §9, one list for the server and the web app. */

export const PLAN_IDS = ['starter', 'grow', 'team', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_CYCLES = ['monthly', 'quarterly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  features: string[];
  /** USD per month, billed each cycle. */
  prices: Record<BillingCycle, number>;
  popular: boolean;
  /** Members the plan allows; null: unlimited. */
  seatLimit: number | null;
}

/** A plan with a member limit. */
export type LimitedPlan = Plan & { seatLimit: number };

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For small teams getting started with time tracking.',
    features: ['Up to 5 members', 'Timer and punch in/out', 'Dashboards and time logs', 'Spreadsheet exports'],
    prices: { monthly: 29, quarterly: 25, yearly: 20 },
    popular: false,
    seatLimit: 5,
  },
  {
    id: 'grow',
    name: 'Grow',
    description: 'For growing teams that run projects together.',
    features: ['Up to 20 members', 'Everything in Starter', 'Projects and tasks', 'Leave and regularization requests'],
    prices: { monthly: 79, quarterly: 69, yearly: 59 },
    popular: true,
    seatLimit: 20,
  },
  {
    id: 'team',
    name: 'Team',
    description: 'For departments with several teams and managers.',
    features: ['Up to 100 members', 'Everything in Grow', 'Team attendance', 'Clients on their projects'],
    prices: { monthly: 199, quarterly: 179, yearly: 159 },
    popular: false,
    seatLimit: 100,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For whole organisations, without a member limit.',
    features: ['Unlimited members', 'Everything in Team', 'Priority support'],
    prices: { monthly: 499, quarterly: 449, yearly: 399 },
    popular: false,
    seatLimit: null,
  },
];

export const planById = (id: string): Plan | undefined => PLANS.find((plan) => plan.id === id);

/** What a cycle saves against paying monthly, in whole percent (the plan card's label). */
export const savingsPercent = (plan: Plan, cycle: BillingCycle): number => Math.round((1 - plan.prices[cycle] / plan.prices.monthly) * 100);

export const seatLimitMessage = (plan: Plan) => `Your ${plan.name} plan allows up to ${plan.seatLimit} members. Choose a larger plan to invite more.`;
