import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  idParamsSchema,
  NOTIFICATION_PAGE_SIZE,
  notificationFeedQuerySchema,
  notificationFeedSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  unreadCountSchema,
} from '@platform/shared';
import { errors } from '../../errors';
import { currentUser } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { NotificationsService } from './notifications.service';

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * The marking writes take nothing but the caller and the path. A body with anything in it (`{}` aside,
 * which some clients send with every POST) is a mistake, refused rather than ignored.
 */
async function refuseBody(request: FastifyRequest): Promise<void> {
  const carried =
    Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if (carried && !isEmptyObject(request.body)) {
    throw errors.validation([{ field: 'body', message: 'This request takes no body.' }]);
  }
}

const tags = ['notifications'];
const security = [{ bearer: [] }];
const base = '/server-api/notifications';

/** The caller's feed: a page of it, the unread count, and marking read. */
function feedRoutes(notificationsService: NotificationsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      base,
      {
        config: { access: access.signedIn },
        schema: {
          tags,
          summary: `The caller’s notifications, newest first, ${NOTIFICATION_PAGE_SIZE} at a time, with the unread count`,
          description:
            '`before` is the `nextCursor` of the page before; a cursor this server did not hand out is a 400.',
          security,
          querystring: notificationFeedQuerySchema,
          response: { 200: notificationFeedSchema, ...errorResponses(400, 401, 403) },
        },
      },
      (request) => notificationsService.feed(currentUser(request).accountId, request.query.before),
    );

    routes.get(
      `${base}/unread-count`,
      {
        config: { access: access.signedIn },
        schema: {
          tags,
          summary: 'How many of the caller’s notifications are unread, for the badge',
          security,
          response: { 200: unreadCountSchema, ...errorResponses(401, 403) },
        },
      },
      (request) => notificationsService.unreadCount(currentUser(request).accountId),
    );

    routes.post(
      `${base}/:id/read`,
      {
        config: { access: access.signedIn },
        preValidation: refuseBody,
        schema: {
          tags,
          summary: 'Mark one of the caller’s notifications read; answers the unread count',
          description: 'Marking it again changes nothing. Someone else’s notification is a 404.',
          security,
          params: idParamsSchema,
          response: { 200: unreadCountSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => notificationsService.markRead(currentUser(request).accountId, request.params.id),
    );

    routes.post(
      `${base}/read-all`,
      {
        config: { access: access.signedIn },
        preValidation: refuseBody,
        schema: {
          tags,
          summary: 'Mark every notification of the caller read',
          security,
          response: { 200: unreadCountSchema, ...errorResponses(400, 401, 403) },
        },
      },
      (request) => notificationsService.markAllRead(currentUser(request).accountId),
    );
  };
}

/** The caller's choice of channels for each kind of notification. */
function preferenceRoutes(notificationsService: NotificationsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      `${base}/preferences`,
      {
        config: { access: access.signedIn },
        schema: {
          tags,
          summary:
            'For each kind the caller hears of, whether it reaches them by email (and, for a creator, by push)',
          description:
            'A creator’s kinds, or a staff member’s (ADR 031). `pushAvailable` is false for staff, and when this server sends no pushes (no FCM configured).',
          security,
          response: { 200: notificationPreferencesSchema, ...errorResponses(401, 403) },
        },
      },
      (request) => {
        const caller = currentUser(request);
        return notificationsService.preferences(caller.accountId, caller.role);
      },
    );

    routes.put(
      `${base}/preferences`,
      {
        config: { access: access.signedIn },
        schema: {
          tags,
          summary: 'Choose email and push for some events; the events not named keep their choice',
          description:
            'Every choice is checked before any is kept: an event named twice, or one of the other audience’s, is a 400.',
          security,
          body: notificationPreferencesBodySchema,
          response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401, 403) },
        },
      },
      (request) => {
        const caller = currentUser(request);
        return notificationsService.setPreferences(caller.accountId, caller.role, request.body);
      },
    );
  };
}

export function notificationsRoutes(notificationsService: NotificationsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(feedRoutes(notificationsService));
    await app.register(preferenceRoutes(notificationsService));
  };
}
