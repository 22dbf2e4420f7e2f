import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Limit } from '../limits/allowances.ts';
import { findAccount } from '../../projections/identity/queries.ts';
import { pendingInvitesFor } from '../../projections/invites/queries.ts';
import { companyListOf } from '../../projections/organisation/queries.ts';
import { callerOf } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { requestMetadata, positionText } from '../http/context.ts';
import { CommandResponse, errorResponses, RoleName, Text } from '../http/schemas.ts';
import { clearSessionCookie, sessionOf, setSessionCookie } from '../http/session.ts';

/**
 * The signed-in user. The active company is the browser's choice (kept
 * locally, spec core §4); the list says what each company allows.
 */
const Profile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  isEmailVerified: Type.Boolean(),
  companyList: Type.Array(
    Type.Object({
      companyId: Type.String(),
      companyName: Type.String(),
      role: RoleName,
      subscriptionStatus: Type.String(),
      trialExpiryDate: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  pendingInvites: Type.Integer(),
});

const Message = Type.Object({ message: Type.String() });
const Email = Text(320);
/** Long enough for any passphrase, short enough to keep hashing cheap. */
const Password = Text(256);

const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';
/** Reset mails sent on behalf of one network address in 15 minutes; further requests get the same answer and mail nothing. */
export const RESET_MAILS_PER_ADDRESS = 10;

const MINUTE_SECONDS = 60;

const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

export function identityRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { identity, config, watcher, allowances } = context;
  const tags = ['identity'];

  return async (app) => {
    // Counted in PostgreSQL (api/limits/allowances.ts), so a limit is the same
    // with one API process or ten. The address is the connection's unless
    // TRUST_PROXY names the proxy in front. Per address and e-mail: guessing
    // one account's password is slowed down without locking out colleagues
    // behind the same office address. Per address, whatever the e-mail (three
    // times as many): one password tried on many accounts. Guessing one
    // account from many addresses is slowed down by the identity service.
    const perAddressAndEmail: Limit = { name: 'auth-address-email', capacity: config.authRateLimit, perSeconds: MINUTE_SECONDS, message: TOO_MANY_ATTEMPTS };
    const perAddress: Limit = { name: 'auth-address', capacity: config.authRateLimit * 3, perSeconds: MINUTE_SECONDS, message: TOO_MANY_ATTEMPTS };
    const resetMailsPerAddress: Limit = { name: 'reset-mails-address', capacity: RESET_MAILS_PER_ADDRESS, perSeconds: 15 * MINUTE_SECONDS, message: TOO_MANY_ATTEMPTS };
    const limited = {
      preHandler: async (request: FastifyRequest) => {
        await allowances.take(perAddress, request.ip);
        await allowances.take(perAddressAndEmail, `${request.ip}|${emailOf(request)}`);
      },
    };

    app.post(
      '/api/auth/sign-up',
      {
        config: { access: 'public' },
        ...limited,
        schema: {
          tags,
          summary: 'Create an account and mail a verification link',
          body: Type.Object({ fullName: Text(200), email: Email, password: Password }),
          response: { 201: CommandResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { fullName, email, password } = request.body;
        const result = await identity.signUp({ fullName, email, password }, requestMetadata(request));
        return reply.status(201).send({ message: result.message, position: positionText(result.position) });
      },
    );

    app.post(
      '/api/auth/login',
      {
        config: { access: 'public' },
        ...limited,
        schema: {
          tags,
          summary: 'Sign in; sets the session cookie',
          body: Type.Object({ email: Email, password: Password, rememberMe: Type.Optional(Type.Boolean()) }),
          response: { 200: Type.Object({ user: Profile }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { email, password, rememberMe = false } = request.body;
        const { userId, sessionId, expiresAt } = await identity.logIn({ email, password, rememberMe }, requestMetadata(request));
        await setSessionCookie(request, reply, { userId, sessionId, expiresAt, rememberMe });
        return { user: await profileOf(context, userId) };
      },
    );

    app.post(
      '/api/auth/logout',
      { config: { access: 'public' }, schema: { tags, summary: 'Sign out: ends the session in every API process and clears the cookie', response: { 204: Type.Null({ description: 'Signed out' }) } } },
      async (request, reply) => {
        const session = sessionOf(request);
        // Answered once the session is refused here, and notified to the other processes.
        if (session) await watcher.waitFor(await identity.endSession(session, requestMetadata(request, session.userId)));
        clearSessionCookie(reply);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/verify-email',
      {
        config: { access: 'public' },
        ...limited,
        schema: {
          tags,
          summary: 'Confirm an e-mail address with the mailed link',
          body: Type.Object({ userId: Text(100), token: Text(100) }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const { userId, token } = request.body;
        const result = await identity.verifyEmail(userId, token, requestMetadata(request));
        return { message: result.message, position: positionText(result.position) };
      },
    );

    app.post(
      '/api/auth/resend-verification',
      {
        config: { access: 'public' },
        ...limited,
        schema: {
          tags,
          summary: "Mail a new verification link ('Send again' on the sign-in page), with the account's credentials; at most one in a few minutes per account (429 with Retry-After)",
          body: Type.Object({ email: Email, password: Password }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const { email, password } = request.body;
        const result = await identity.resendVerification({ email, password }, requestMetadata(request));
        return { message: result.message, position: positionText(result.position) };
      },
    );

    app.post(
      '/api/auth/forgot-password',
      {
        config: { access: 'public' },
        ...limited,
        schema: {
          tags,
          summary: 'Mail a password reset link (same answer for unknown addresses)',
          body: Type.Object({ email: Email }),
          response: { 200: Message, ...errorResponses },
        },
      },
      async (request) => {
        const mail = await allowances.tryTake(resetMailsPerAddress, request.ip);
        return identity.requestPasswordReset(request.body.email, requestMetadata(request), { mail, log: request.log });
      },
    );

    app.post(
      '/api/auth/reset-password',
      {
        config: { access: 'public' },
        ...limited,
        schema: {
          tags,
          summary: 'Set a new password with a single-use reset link; ends every session of the account, and revokes its API tokens unless told not to',
          body: Type.Object({
            userId: Text(100),
            token: Text(100),
            password: Password,
            revokeApiTokens: Type.Optional(Type.Boolean({ description: 'Also revoke every API token of the account (the desktop agents must sign in again). Default: true.' })),
          }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const { userId, token, password, revokeApiTokens = true } = request.body;
        const result = await identity.resetPassword({ userId, token, password, revokeApiTokens }, requestMetadata(request));
        // The sessions it ended and the tokens it revoked are refused by the time the answer arrives.
        await watcher.waitFor(result.position);
        return { message: result.message, position: positionText(result.position) };
      },
    );

    app.get(
      '/api/me',
      { config: { access: 'signed-in' }, schema: { tags, summary: 'The signed-in user’s profile', response: { 200: Profile, ...errorResponses } } },
      async (request) => profileOf(context, callerOf(request)),
    );

    app.patch(
      '/api/me',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Rename the signed-in user',
          body: Type.Object({ name: Text(200) }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const userId = callerOf(request);
        const { name } = request.body;
        const position = await identity.renameProfile(userId, name, requestMetadata(request, userId));
        return { message: 'Profile updated', position: positionText(position) };
      },
    );
  };
}

async function profileOf(context: ApiContext, userId: string) {
  const account = await findAccount(context.db, userId);
  if (!account) throw Object.assign(new Error('User not found or not authorized'), { statusCode: 401 });
  const [companyList, invites] = await Promise.all([
    companyListOf(context.db, userId, { billingOff: context.config.billing.off, now: context.now() }),
    pendingInvitesFor(context.db, account.email, context.now()),
  ]);
  return {
    id: account.user_id,
    name: account.full_name,
    email: account.email,
    avatar: null,
    isEmailVerified: account.email_verified,
    companyList,
    pendingInvites: invites.length,
  };
}
