// Every security-rules case, in one file so that the coverage check runs after all of them.
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { attributionCases } from './attribution.cases';
import { coverageCases } from './coverage.cases';
import { createRulesEnvironment } from './environment';
import { importCases } from './imports.cases';
import { inviteCases } from './invites.cases';
import { mailCases } from './mail.cases';
import { RULES_PROJECT_ID, seed } from './fixtures';
import { referralCases } from './referrals.cases';
import { serverOnlyCases } from './server-only.cases';
import { signupCases } from './signups.cases';
import { staffCases } from './staff.cases';
import { suppressionCases } from './suppression.cases';
import { webhookCases } from './webhooks.cases';

let env: RulesTestEnvironment;
const getEnv = () => env;

beforeAll(async () => {
  setLogLevel('silent'); // refused writes are expected here; the SDK would log each one
  env = await createRulesEnvironment(RULES_PROJECT_ID);
});
beforeEach(async () => {
  await seed(env);
});
afterAll(async () => {
  await env?.cleanup();
});

signupCases(getEnv);
staffCases(getEnv);
serverOnlyCases(getEnv);
mailCases(getEnv);
referralCases(getEnv);
inviteCases(getEnv);
suppressionCases(getEnv);
webhookCases(getEnv);
importCases(getEnv);
attributionCases(getEnv);
// Last: every rule expression above must have been evaluated.
coverageCases(RULES_PROJECT_ID);
