import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_APPLICATION_LENGTH, MAX_WINDOW_TITLE_LENGTH } from '../../domain/screenshots/events.ts';
import { screenshotMessages } from '../../domain/screenshots/screenshots.ts';
import { invalid } from '../../domain/shared/errors.ts';
import { Instant } from '../../domain/shared/schema.ts';
import { accessOf, inCompany } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { positionText, requestMetadata } from '../http/context.ts';
import { CommandResponse, CompanyParams, Day, errorResponses, Id, Nullable, Text } from '../http/schemas.ts';
import { SCREENSHOT_RULES } from '../images/intake.ts';
import type { ScreenshotFile } from './service.ts';
import { StorageFullError } from './storage-quota.ts';

/** The agent's own id for a screenshot: a uuid or any 1–100 letters, digits, '_' and '-'. */
const ClientId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });

const Taken = Type.Object({ screenshotId: Type.String(), takenAt: Type.String(), width: Type.Integer(), height: Type.Integer(), position: Nullable(Type.String()) });

const Screenshot = Type.Object({
  screenshotId: Type.String(),
  userId: Type.String(),
  takenAt: Type.String(),
  timeZone: Type.String(),
  application: Nullable(Type.String()),
  windowTitle: Nullable(Type.String()),
  width: Type.Integer(),
  height: Type.Integer(),
  deletedAt: Nullable(Type.String()),
  deletedBy: Nullable(Type.Object({ userId: Type.String(), name: Type.String() })),
  /** Removed by the company's retention period, which kept screenshots so many days then. */
  expiredAfterDays: Nullable(Type.Integer()),
  /** The viewer's own, taken less than 24 hours ago. */
  deletable: Type.Boolean(),
  /** Null once deleted. */
  imageUrl: Nullable(Type.String()),
  thumbnailUrl: Nullable(Type.String()),
});

const ScreenshotParams = Type.Object({ companyId: Id, screenshotId: Id });

/** The raw bodies the agent may label a screenshot with; the bytes decide what it is. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'];

/**
 * Screenshots: the desktop agent sends them while the timer runs (API
 * token); the person and those who may see them (their Admin, Head or
 * Manager) list and view them; the person deletes theirs within 24 hours.
 */
export function screenshotRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { screenshots } = context;
  const tags = ['screenshots'];

  /** Only here is a body raw bytes: every content type is read as such, up to 5 MB. Too many bytes, or no room left in the company's storage, is a 413. */
  const upload: FastifyPluginAsyncTypebox = async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/api/companies/:companyId/screenshots',
      {
        config: { access: inCompany({ command: 'TakeScreenshot', write: true }), apiToken: true },
        bodyLimit: SCREENSHOT_RULES.maxBytes,
        errorHandler: (error, _request, reply) => {
          const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? SCREENSHOT_RULES.tooLarge : error instanceof StorageFullError ? error.message : null;
          if (!tooLarge) throw error;
          return reply.status(413).send({ statusCode: 413, error: 'too_large', message: tooLarge });
        },
        schema: {
          tags,
          summary:
            'The desktop agent sends a screenshot taken while the timer runs (PNG, JPEG or WebP bytes as the body, up to 5 MB); it is stored as WebP without metadata. At most SCREENSHOTS_PER_HOUR per person (429 with Retry-After), within the company’s storage (413)',
          consumes: IMAGE_TYPES,
          params: CompanyParams,
          querystring: Type.Object({
            screenshotId: ClientId,
            sessionId: Type.Optional(Id),
            takenAt: Instant,
            application: Type.Optional(Text(MAX_APPLICATION_LENGTH)),
            windowTitle: Type.Optional(Text(MAX_WINDOW_TITLE_LENGTH)),
          }),
          response: { 200: Taken, 201: Taken, 413: Type.Ref('ErrorResponse'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const access = accessOf(request);
        if (!Buffer.isBuffer(request.body)) throw invalid(SCREENSHOT_RULES.notAnImage);
        const { query } = request;
        const input = {
          clientId: query.screenshotId,
          sessionId: query.sessionId ?? null,
          takenAt: query.takenAt,
          application: query.application || null,
          windowTitle: query.windowTitle || null,
        };
        const { screenshot, position, replayed } = await screenshots.take(access, input, request.body, requestMetadata(request, access.userId));
        const { screenshotId, takenAt, width, height } = screenshot;
        return reply.status(replayed ? 200 : 201).send({ screenshotId, takenAt, width, height, position: positionText(position) });
      },
    );
  };

  return async (app) => {
    await app.register(upload);

    app.get(
      '/api/companies/:companyId/screenshots',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'A person’s screenshots taken on the local days of a range (at most 31 days), oldest first; deleted ones stay listed without their files',
          params: CompanyParams,
          querystring: Type.Object({ userId: Type.Optional(Id), from: Day, to: Day }),
          response: { 200: Type.Object({ screenshots: Type.Array(Screenshot) }), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { userId = access.userId, from, to } = request.query;
        return { screenshots: await screenshots.list(access, userId, { from, to }) };
      },
    );

    for (const file of ['image', 'thumbnail'] as const satisfies ScreenshotFile[]) {
      app.get(
        `/api/companies/:companyId/screenshots/:screenshotId/${file}`,
        {
          config: { access: inCompany() },
          schema: {
            tags,
            summary: file === 'image' ? 'A screenshot (WebP), for its person and those who may see them' : 'A screenshot’s thumbnail (WebP, 320 pixels wide)',
            params: ScreenshotParams,
          },
        },
        async (request, reply) => {
          const access = accessOf(request);
          const bytes = await screenshots.file(access, request.params.screenshotId, file);
          return reply.header('content-type', 'image/webp').header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff').send(bytes);
        },
      );
    }

    app.delete(
      '/api/companies/:companyId/screenshots/:screenshotId',
      {
        config: { access: inCompany({ command: 'DeleteScreenshot', write: true }) },
        schema: {
          tags,
          summary: 'Delete one’s own screenshot, within 24 hours of taking it; its files are removed, and that it was deleted stays',
          params: ScreenshotParams,
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const position = await screenshots.remove(access, request.params.screenshotId, requestMetadata(request, access.userId));
        return { message: screenshotMessages.deleted, position: positionText(position) };
      },
    );
  };
}
