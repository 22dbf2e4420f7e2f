import { authorize } from '../members/authorization.ts';
import { changedBy, type CommandBy } from '../projects/project.ts';
import type { Decider } from '../shared/decider.ts';
import { invalid } from '../shared/errors.ts';
import { type AppCategory, type AppCategoryEvent, MAX_APPLICATION_LENGTH } from './events.ts';

export const appCategoryMessages = {
  applicationInvalid: `Please enter an application name of at most ${MAX_APPLICATION_LENGTH} characters`,
} as const;

/** How applications are matched: the name trimmed and lower-cased, so 'Slack' and 'slack ' are one application. */
export const appKey = (application: string) => application.trim().toLowerCase();

/**
 * How common tools count until an Admin says otherwise. An application in
 * neither list is neutral: its time counts as productive, as before any
 * application was categorised.
 */
export const DEFAULT_APP_CATEGORIES: Readonly<Record<AppCategory, readonly string[]>> = {
  productive: [
    'Visual Studio Code',
    'IntelliJ IDEA',
    'PyCharm',
    'WebStorm',
    'Xcode',
    'Android Studio',
    'Terminal',
    'iTerm2',
    'Windows Terminal',
    'Postman',
    'Figma',
    'Notion',
    'Jira',
    'Slack',
    'Microsoft Teams',
    'Zoom',
    'Microsoft Word',
    'Microsoft Excel',
    'Microsoft PowerPoint',
    'Microsoft Outlook',
  ],
  neutral: ['Google Chrome', 'Firefox', 'Safari', 'Microsoft Edge', 'Finder', 'File Explorer'],
  unproductive: ['YouTube', 'Netflix', 'Prime Video', 'Twitch', 'Facebook', 'Instagram', 'TikTok', 'Reddit', 'Steam'],
};

/** The default list by application key: its name as written there and its category. */
export const DEFAULT_APPS: ReadonlyMap<string, { application: string; category: AppCategory }> = new Map(
  Object.entries(DEFAULT_APP_CATEGORIES).flatMap(([category, names]) => names.map((application) => [appKey(application), { application, category: category as AppCategory }] as const)),
);

/** The default category of an application: the list's, else neutral. */
export const defaultCategory = (application: string): AppCategory => DEFAULT_APPS.get(appKey(application))?.category ?? 'neutral';

/** The keys of the applications the default list puts in a category, as DEFAULT_APPS has them: for the read side's SQL. */
export const defaultKeys = (category: AppCategory): string[] => [...DEFAULT_APPS].filter(([, app]) => app.category === category).map(([key]) => key);

/** A company's choices, by application key; an application without one has its default. */
export interface AppCategoriesState {
  chosen: Readonly<Record<string, AppCategory>>;
}

export type AppCategoryCommand = { type: 'SetAppCategory'; companyId: string; application: string; category: AppCategory } & CommandBy;

export interface AppCategoryContext {
  now: Date;
}

export const appCategories: Decider<AppCategoryCommand, AppCategoryEvent, AppCategoriesState, AppCategoryContext> = {
  initialState: { chosen: {} },

  evolve(state, event) {
    return { chosen: { ...state.chosen, [appKey(event.data.application)]: event.data.category } };
  },

  decide(command, state, { now }) {
    authorize(command.actor, 'SetAppCategory', { companyId: command.companyId });
    const application = command.application.trim();
    if (application.length === 0 || application.length > MAX_APPLICATION_LENGTH) throw invalid(appCategoryMessages.applicationInvalid);
    const key = appKey(application);
    if ((state.chosen[key] ?? defaultCategory(key)) === command.category) return [];
    return [{ type: 'AppCategorySet', data: { companyId: command.companyId, application, category: command.category, by: changedBy(command), at: now.toISOString() } }];
  },
};
