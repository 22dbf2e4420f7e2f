/** Who works at the demo company, in which teams, and what they work on. */
import type { TodayState } from './schedule.ts';

export const COMPANY_ZONE = 'Asia/Kolkata';

export const TEAMS = ['Engineering', 'Design', 'Marketing', 'Customer Success'] as const;
export type TeamName = (typeof TEAMS)[number];

export type DemoRole = 'Admin' | 'Head' | 'Manager' | 'Member';

export interface DemoPerson {
  name: string;
  role: DemoRole;
  /** The teams a Head heads, a Manager manages, or a Member belongs to (none for Admins: they are in every team). */
  teams: TeamName[];
  /** Where they live: most in the company's zone, a few abroad (their DST changes show in the time logs). */
  zone: string;
  /** Dollars per hour. */
  rate: number;
  /** A new rate from 30 days ago on: earnings before then keep the old one. */
  raise?: number;
  /** Works late into the night on release Wednesdays: sessions over midnight. */
  nightOwl?: boolean;
}

/**
 * Ordered so that the first few hold every role (and a zone abroad and a
 * night owl): a smaller demo takes the first n.
 */
export const ROSTER: readonly DemoPerson[] = [
  { name: 'Priya Raghavan', role: 'Admin', teams: [], zone: COMPANY_ZONE, rate: 85 },
  { name: 'Arjun Mehta', role: 'Head', teams: ['Engineering', 'Design'], zone: COMPANY_ZONE, rate: 62 },
  { name: 'Kavya Nair', role: 'Manager', teams: ['Engineering'], zone: COMPANY_ZONE, rate: 44, raise: 48 },
  { name: 'Vikram Singh', role: 'Member', teams: ['Engineering'], zone: COMPANY_ZONE, rate: 32 },
  { name: 'Lena Hoffmann', role: 'Member', teams: ['Engineering'], zone: 'Europe/Berlin', rate: 36, nightOwl: true },
  { name: 'Meera Iyer', role: 'Admin', teams: [], zone: COMPANY_ZONE, rate: 72 },
  { name: 'Sofia Lindqvist', role: 'Head', teams: ['Marketing', 'Customer Success'], zone: 'Europe/Berlin', rate: 58 },
  { name: 'Tomás Herrera', role: 'Manager', teams: ['Design'], zone: 'America/New_York', rate: 41 },
  { name: 'Rohan Kapoor', role: 'Manager', teams: ['Marketing'], zone: COMPANY_ZONE, rate: 38 },
  { name: 'Ananya Das', role: 'Manager', teams: ['Customer Success'], zone: COMPANY_ZONE, rate: 35, raise: 39 },
  { name: 'Aditya Kulkarni', role: 'Member', teams: ['Engineering'], zone: COMPANY_ZONE, rate: 28, nightOwl: true },
  { name: 'Neha Joshi', role: 'Member', teams: ['Engineering'], zone: COMPANY_ZONE, rate: 27, raise: 31 },
  { name: 'Karthik Subramanian', role: 'Member', teams: ['Engineering'], zone: COMPANY_ZONE, rate: 30 },
  { name: 'Farhan Qureshi', role: 'Member', teams: ['Engineering'], zone: COMPANY_ZONE, rate: 25, nightOwl: true },
  { name: 'Isha Banerjee', role: 'Member', teams: ['Design'], zone: COMPANY_ZONE, rate: 26 },
  { name: 'Marcus Bell', role: 'Member', teams: ['Design'], zone: 'America/New_York', rate: 33 },
  { name: 'Zoya Khan', role: 'Member', teams: ['Design'], zone: COMPANY_ZONE, rate: 24, raise: 27 },
  { name: 'Rahul Verma', role: 'Member', teams: ['Marketing'], zone: COMPANY_ZONE, rate: 22 },
  { name: 'Emily Carter', role: 'Member', teams: ['Marketing'], zone: 'America/New_York', rate: 29 },
  { name: 'Sanjana Reddy', role: 'Member', teams: ['Marketing'], zone: COMPANY_ZONE, rate: 21 },
  { name: 'Dev Malhotra', role: 'Member', teams: ['Marketing'], zone: COMPANY_ZONE, rate: 20 },
  { name: 'Pooja Pillai', role: 'Member', teams: ['Customer Success'], zone: COMPANY_ZONE, rate: 18, raise: 20 },
  { name: 'Amit Chatterjee', role: 'Member', teams: ['Customer Success'], zone: COMPANY_ZONE, rate: 19 },
  { name: 'Fatima Sheikh', role: 'Member', teams: ['Customer Success'], zone: COMPANY_ZONE, rate: 18 },
  { name: 'Nikhil Bose', role: 'Member', teams: ['Customer Success'], zone: COMPANY_ZONE, rate: 17 },
];

/** Where each person of the roster is today, now, in roster order: the first five hold every state (leave at even places, which take no day of leave in the history). */
export const TODAY: readonly TodayState[] = [
  'working', 'break', 'leave', 'out', 'absent',
  'working', 'out', 'working', 'break', 'working',
  'working', 'out', 'working', 'break', 'working',
  'out', 'working', 'working', 'break', 'absent',
  'working', 'out', 'leave', 'working', 'working',
];

/** The company's client: invited to one project, whose work they follow. */
export const CLIENT = { name: 'Olivia Grant', project: 'Website Redesign' } as const;

export interface DemoProject {
  name: string;
  /** Whose work it is: their people get its tasks. Leads (Admins, Heads, Managers) also work on Operations. */
  teams: TeamName[];
  /** What each of its tasks says it is for. */
  summary: string;
  tasks: string[];
}

export const PROJECTS: readonly DemoProject[] = [
  {
    name: 'Website Redesign',
    teams: ['Design', 'Engineering'],
    summary: 'The new marketing site: faster, accessible, and on the new design system.',
    tasks: [
      'Design system tokens',
      'Pricing page layout',
      'Landing page hero',
      'Accessibility audit',
      'Navigation prototype',
      'Blog templates',
      'Illustration set',
      'Signup flow',
      'Performance budget',
      'Customer stories page',
      'Footer and sitemap',
      'Analytics events',
    ],
  },
  {
    name: 'Mobile App',
    teams: ['Engineering'],
    summary: 'The iOS and Android app, so people can track time away from their desk.',
    tasks: ['Offline sync', 'Push notifications', 'Login with SSO', 'Crash reporting', 'Dark mode', 'App store release', 'Timer widget', 'Deep links'],
  },
  {
    name: 'Billing Platform',
    teams: ['Engineering'],
    summary: 'Invoices, payments and usage-based plans in one place.',
    tasks: ['Invoice PDF export', 'Tax rules by region', 'Payment retries', 'Usage metering', 'Refund workflow', 'Ledger reconciliation', 'Webhook signatures', 'Plan upgrades'],
  },
  {
    name: 'Holiday Campaign',
    teams: ['Marketing'],
    summary: 'The end-of-year campaign across e-mail, social media and paid ads.',
    tasks: ['Campaign brief', 'Email sequence', 'Social media calendar', 'Paid ads setup', 'Partner outreach', 'Results report', 'Landing page copy', 'Video script'],
  },
  {
    name: 'Customer Onboarding',
    teams: ['Customer Success'],
    summary: 'Getting new customers from signup to their first week of tracked time.',
    tasks: ['Welcome call script', 'Help center articles', 'Onboarding checklist', 'Support ticket triage', 'Churn interviews', 'Training webinars', 'NPS survey', 'Renewal reminders'],
  },
  {
    name: 'Operations',
    teams: [],
    summary: 'Running the company: planning, hiring and the people in it.',
    tasks: ['Weekly planning', 'Hiring interviews', 'One-on-ones', 'Quarterly roadmap', 'Vendor contracts', 'Budget review'],
  },
];

/** What a session's notes say, now and then. */
export const SESSION_NOTES = ['', '', '', 'Code review', 'Follow-up from standup', 'Pairing session', 'Fixing review comments', 'Client call', 'Research', 'Documentation'];

const RANK: Record<DemoRole, number> = { Admin: 0, Head: 1, Manager: 2, Member: 3 };

/** Admins first, Members last; in roster order within a role. */
export const byRole = <T extends { role: DemoRole }>(people: readonly T[]): T[] => [...people].sort((a, b) => RANK[a.role] - RANK[b.role]);
