import { APP_HEADER, APP_HEADER_VALUE } from '../../api/http/csrf.ts';
import { readModelsInclude } from './read-models.ts';
import type { TestServer } from './test-server.ts';

export const TEST_PASSWORD = 'Secret#123';

export interface ApiUser {
  userId: string;
  email: string;
  cookie: string;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

/** Calls the API as the web app does, with a session cookie (or none); JSON in and out. */
/** An answer's body: its JSON, the text when it is not JSON, null when empty. */
export async function answerBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

export async function callApi(server: TestServer, cookie: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      [APP_HEADER]: APP_HEADER_VALUE,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const parsed = await answerBody(response);
  await readModelsInclude(server, parsed);
  return { status: response.status, body: parsed as any, headers: response.headers };
}

/** Signs a user up, follows the mailed link and signs in, all over HTTP. */
export async function signedInUser(server: TestServer, email: string, fullName = 'Test User'): Promise<ApiUser> {
  const signUp = await callApi(server, null, 'POST', '/api/auth/sign-up', { fullName, email, password: TEST_PASSWORD });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const link = new URL(await server.mailbox.linkTo(email, '/auth/verify-email'));
  await callApi(server, null, 'POST', '/api/auth/verify-email', { userId: link.searchParams.get('u'), token: link.searchParams.get('t') });
  const login = await callApi(server, null, 'POST', '/api/auth/login', { email, password: TEST_PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  return {
    userId: login.body.user.id,
    email,
    cookie,
    call: (method, path, body) => callApi(server, cookie, method, path, body),
  };
}

/** Creates a company as this user; returns its id. */
export async function createCompany(user: ApiUser, name: string): Promise<string> {
  const created = await user.call('POST', '/api/companies', {
    name,
    location: { country: 'India', code: 'IN' },
    timeZone: 'Asia/Kolkata',
    workingHours: { start: '09:00', end: '18:00' },
  });
  if (created.status !== 201) throw new Error(`company failed: ${JSON.stringify(created.body)}`);
  return created.body.companyId;
}

/** Invites an e-mail and accepts through the mailed link as that user. */
export async function inviteAndAccept(server: TestServer, inviter: ApiUser, companyId: string, invitee: ApiUser, role: string, teamIds: string[]) {
  const before = server.mailbox.received.length;
  const sent = await inviter.call('POST', `/api/companies/${companyId}/invites`, { emails: [invitee.email], role, teamIds });
  if (!sent.body.results?.every((r: { sent: boolean }) => r.sent)) throw new Error(`invite failed: ${JSON.stringify(sent.body)}`);
  const link = new URL(await server.mailbox.linkTo(invitee.email, '/invitation', before));
  const accepted = await invitee.call('POST', `/api/invitations/${link.searchParams.get('i')}/accept`);
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
}
