// Imported first by the tests that render the whole panel: the data the tabs read (the team, webhooks, the
// audit log, referrals, rewards, invitations) is mocked to stay empty, so any tab can open without a backend.
import { vi } from 'vitest';

vi.mock('@silk/data-access/team', () => ({ listTeam: vi.fn(async () => []) }));
vi.mock('@silk/data-access/webhooks', () => ({
  callWebhooks: vi.fn(async () => ({ endpoints: [], deliveries: [] })),
}));
vi.mock('@silk/data-access/embed-origins', () => ({
  callEmbedOrigins: vi.fn(async () => ({ origins: [] })),
}));
vi.mock('@silk/data-access/audit-log', () => ({
  listenToAuditLog: vi.fn(() => () => {}),
  listenToSecurityEventCount: vi.fn(() => () => {}),
}));
vi.mock('@silk/data-access/referrals', () => ({
  listenToWithheldReferrals: vi.fn(() => () => {}),
  listenToRankingSettings: vi.fn(() => () => {}),
}));
vi.mock('@silk/data-access/rewards', () => ({
  listenToRewardTiers: vi.fn(() => () => {}),
  listenToRewardQueue: vi.fn(() => () => {}),
}));
vi.mock('@silk/data-access/invites', () => ({
  listenToInviteWaves: vi.fn(() => () => {}),
  listenToDripSettings: vi.fn(() => () => {}),
  listenToInviteHistory: vi.fn(() => () => {}),
}));
