// Broadcasts: any member sees them and their figures; only Admins see the reach, test, send or schedule.
import type {
  BroadcastListResponse,
  BroadcastReachRequest,
  BroadcastReachResponse,
  BroadcastSendRequest,
  BroadcastSendResponse,
  BroadcastTestRequest,
  BroadcastTestResponse,
} from '../broadcasts';
import { adminTool, defineRoutes, memberCall, route, MANAGE_TEAM_LIMITS } from './route';

const BROADCASTS_ADMIN = adminTool('manageBroadcasts');

export const BROADCAST_ROUTES = defineRoutes('broadcasts', {
  /** The broadcasts, newest first, with their figures. */
  broadcastList: route<Record<string, never>, BroadcastListResponse>()({
    path: '/api/broadcasts/list',
    ...memberCall('ready'),
    rateLimits: MANAGE_TEAM_LIMITS,
  }),
  /** How many people a segment reaches now. */
  broadcastReach: route<BroadcastReachRequest, BroadcastReachResponse>()({
    path: '/api/broadcasts/reach',
    ...BROADCASTS_ADMIN,
  }),
  /** The message, rendered as the list gets it, sent to the calling Admin's own address only. */
  broadcastTest: route<BroadcastTestRequest, BroadcastTestResponse>()({
    path: '/api/broadcasts/test',
    ...BROADCASTS_ADMIN,
    audit: ['broadcast.tested'],
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
  /** Sends the broadcast now or schedules it (idempotent by its request id). */
  broadcastSend: route<BroadcastSendRequest, BroadcastSendResponse>()({
    path: '/api/broadcasts/send',
    ...BROADCASTS_ADMIN,
    audit: ['broadcast.created'],
  }),
});
