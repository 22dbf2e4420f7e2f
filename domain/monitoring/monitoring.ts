import { authorize } from '../members/authorization.ts';
import type { Role } from '../members/roles.ts';
import { type CommandBy, changedBy } from '../projects/project.ts';
import type { Decider } from '../shared/decider.ts';
import { conflict, invalid } from '../shared/errors.ts';
import { MAX_MONITORING_MESSAGE, type MonitoringEvent } from './events.ts';

/** A person is asked at most once in this long. */
export const MONITORING_REQUEST_INTERVAL_MS = 24 * 3_600_000;

export const monitoringMessages = {
  sent: 'Monitoring request sent',
  tooSoon: 'Monitoring was already requested from this person in the last 24 hours.',
  messageTooLong: `The message may be at most ${MAX_MONITORING_MESSAGE.toLocaleString('en-US')} characters.`,
} as const;

/** When the person was last asked, if ever. */
export interface MonitoringState {
  lastRequestedAt: string | null;
}

/** The person asked, as the server found them: their access level and teams decide who may ask them. */
export interface MonitoredPerson {
  userId: string;
  name: string;
  email: string;
  role: Role;
  teamIds: readonly string[];
}

export type MonitoringCommand = { type: 'RequestMonitoring'; companyId: string; person: MonitoredPerson; message: string | null } & CommandBy;

export interface MonitoringContext {
  now: Date;
  /** The company's name as it is now, for the mail. */
  companyName: string;
}

/**
 * Asking a person to enable the desktop agent (one stream per person and
 * company): those who manage them may, once in 24 hours, so a person is not
 * flooded with mails.
 */
export const monitoringRequests: Decider<MonitoringCommand, MonitoringEvent, MonitoringState, MonitoringContext> = {
  initialState: { lastRequestedAt: null },

  evolve(_state, event) {
    return { lastRequestedAt: event.data.at };
  },

  decide(command, state, { now, companyName }) {
    const { companyId, person } = command;
    authorize(command.actor, 'RequestMonitoring', { companyId, member: { userId: person.userId, role: person.role, teamIds: person.teamIds } });
    if (state.lastRequestedAt && now.getTime() - Date.parse(state.lastRequestedAt) < MONITORING_REQUEST_INTERVAL_MS) throw conflict(monitoringMessages.tooSoon);
    const message = command.message?.trim() || null;
    if (message && message.length > MAX_MONITORING_MESSAGE) throw invalid(monitoringMessages.messageTooLong);
    const { userId, name, email } = person;
    return [{ type: 'MonitoringRequested', data: { companyId, companyName, userId, name, email, by: changedBy(command), message, at: now.toISOString() } }];
  },
};
