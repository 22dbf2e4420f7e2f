import { expect } from 'vitest';
import type { TestServer } from './test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from './users.ts';

/** Tuesday 10 March 2026, 11:30 in Kolkata (the company's zone): the request tests' today once the company is made. */
export const TUESDAY = new Date('2026-03-10T06:00:00Z');

/**
 * A company for the leave and regularization routes' tests, with addresses at
 * `${kind}.test`: Ada Admin; Max and Mia, Managers of Apollo; Otto, Manager
 * of Gemini; Ana Apollo and Gus Gemini, Members of their teams. Made by the
 * real clock, so its trial is running while the tests move the server's.
 */
export async function seedRequestsCompany(server: TestServer, kind: string, companyName: string) {
  const [admin, max, mia, otto, ana, gus] = await Promise.all([
    signedInUser(server, `admin@${kind}.test`, 'Ada Admin'),
    signedInUser(server, `max@${kind}.test`, 'Max Manager'),
    signedInUser(server, `mia@${kind}.test`, 'Mia Manager'),
    signedInUser(server, `otto@${kind}.test`, 'Otto Manager'),
    signedInUser(server, `ana@${kind}.test`, 'Ana Apollo'),
    signedInUser(server, `gus@${kind}.test`, 'Gus Gemini'),
  ]);
  const companyId = await createCompany(admin, companyName);
  const team = async (name: string): Promise<string> => (await admin.call('POST', `/api/companies/${companyId}/teams`, { name })).body.teamId;
  const [apollo, gemini] = [await team('Apollo'), await team('Gemini')];
  await inviteAndAccept(server, admin, companyId, max, 'Manager', [apollo]);
  await inviteAndAccept(server, admin, companyId, mia, 'Manager', [apollo]);
  await inviteAndAccept(server, admin, companyId, otto, 'Manager', [gemini]);
  await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);
  await inviteAndAccept(server, admin, companyId, gus, 'Member', [gemini]);
  return { admin, max, mia, otto, ana, gus, companyId, apollo, gemini };
}

/** A change of a valid form, and the message of the rule it breaks. */
export type Refusal = [changes: Record<string, unknown>, message: string];

/** The Manager field's rules, alike on both forms: someone is chosen, of a team of the requester's (Otto manages Gemini, not Ana's Apollo), never the requester. */
export const managerRefusals = ({ otto, ana }: { otto: ApiUser; ana: ApiUser }, message: string): Refusal[] => [
  [{ assigneeId: '' }, message],
  [{ assigneeId: otto.userId }, message],
  [{ assigneeId: ana.userId }, message],
];

/** Each change, sent by `send`, is refused with a 400 and its rule's message. */
export async function expectEachRefused(refusals: Refusal[], send: (changes: Record<string, unknown>) => Promise<{ status: number; body: { message?: string } }>) {
  for (const [changes, message] of refusals) {
    const refused = await send(changes);
    expect({ changes, status: refused.status, message: refused.body.message }).toEqual({ changes, status: 400, message });
  }
}
