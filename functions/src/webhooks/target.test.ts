// The webhook target check with injected DNS answers: only https URLs whose host resolves exclusively
// to public unicast addresses pass under the production configuration; the emulator's allows local ones.
import { describe, expect, it } from 'vitest';
import { checkTarget, isPublicAddress, pinnedLookup, TargetRefused, type Resolve } from './target';
import { readWebhookConfig } from './webhook-config';

const answers =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const production = { allowLocal: false };

async function refusal(url: string, resolve: Resolve = answers('93.184.215.14')): Promise<TargetRefused> {
  const error = await checkTarget(url, { ...production, resolve }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(TargetRefused);
  return error as TargetRefused;
}

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.8',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '240.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2001:db8::1',
    'not-an-ip',
  ])('refuses %s', async (address) => {
    expect(await isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.215.14'])(
    'accepts %s',
    async (address) => {
      expect(await isPublicAddress(address)).toBe(true);
    },
  );
});

describe('checkTarget under the production configuration', () => {
  it('accepts an https URL whose host resolves only to public addresses, and pins an IPv4 one when there is one', async () => {
    const target = await checkTarget('https://hooks.example.com/in', {
      ...production,
      resolve: answers('2606:4700:4700::1111', '93.184.215.14'),
    });
    expect(target).toMatchObject({ address: '93.184.215.14', family: 4 });
    expect(target.url.hostname).toBe('hooks.example.com');
    expect(
      await checkTarget('https://v6.example.com/', {
        ...production,
        resolve: answers('2606:4700:4700::1111'),
      }),
    ).toMatchObject({ address: '2606:4700:4700::1111', family: 6 });
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['private', '10.1.2.3'],
    ['link-local (metadata)', '169.254.169.254'],
    ['CGNAT', '100.100.1.1'],
    ['IPv6 loopback', '::1'],
    ['unique-local', 'fd12:3456::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ])('refuses a host resolving to a %s address, even beside a public one', async (_name, address) => {
    const refused = await refusal('https://hooks.example.com/in', answers('93.184.215.14', address));
    expect(refused.lasting).toBe(true);
  });

  it.each([
    'https://127.0.0.1/in',
    'https://[::1]/in',
    'https://[::ffff:7f00:1]/in',
    'https://2130706433/in',
    'https://0x7f.1/in',
    'https://10.0.0.1:8443/in',
    'https://169.254.169.254/computeMetadata/v1/',
  ])('refuses the literal address of %s without asking DNS', async (url) => {
    const refused = await refusal(url, async () => {
      throw new Error('DNS must not be asked for a literal address');
    });
    expect(refused.lasting).toBe(true);
  });

  it('refuses http, other schemes, credentials and non-URLs', async () => {
    for (const url of [
      'http://hooks.example.com/in',
      'ftp://hooks.example.com/',
      'https://user:pass@hooks.example.com/',
      'not a url',
    ]) {
      expect((await refusal(url)).lasting).toBe(true);
    }
  });

  it('treats a failed DNS lookup as passing trouble (retried), not as a refused URL', async () => {
    const refused = await refusal('https://nowhere.example.com/', async () => {
      throw Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    expect(refused).toMatchObject({ lasting: false, message: 'ENOTFOUND' });
    expect((await refusal('https://empty.example.com/', answers())).lasting).toBe(false);
  });
});

describe('the configuration', () => {
  it('refuses local targets by default; the flag is honoured in the emulator only', () => {
    expect(readWebhookConfig({}).allowLocalTargets).toBe(false);
    expect(readWebhookConfig({ WEBHOOK_ALLOW_LOCAL_TARGETS: 'true' }).allowLocalTargets).toBe(false);
    expect(
      readWebhookConfig({ WEBHOOK_ALLOW_LOCAL_TARGETS: 'true', FUNCTIONS_EMULATOR: 'true' })
        .allowLocalTargets,
    ).toBe(true);
  });

  it('retries for about a day by default; the schedule can be shortened', () => {
    const total = readWebhookConfig({}).retryDelaysMs.reduce((sum, delay) => sum + delay, 0);
    expect(total / 3_600_000).toBeGreaterThan(24);
    expect(total / 3_600_000).toBeLessThan(30);
    expect(readWebhookConfig({ WEBHOOK_RETRY_SCHEDULE_SECONDS: '1, 2,3' }).retryDelaysMs).toEqual([
      1000, 2000, 3000,
    ]);
    expect(() => readWebhookConfig({ WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,-2' })).toThrow(
      /WEBHOOK_RETRY_SCHEDULE_SECONDS/,
    );
  });

  it('allows a local http receiver under the emulator configuration', async () => {
    const target = await checkTarget('http://127.0.0.1:9999/hook', { allowLocal: true });
    expect(target).toMatchObject({ address: '127.0.0.1', family: 4 });
  });
});

describe('pinnedLookup', () => {
  it('answers the checked address whatever name is looked up, in both callback shapes', async () => {
    const lookup = pinnedLookup({
      url: new URL('https://hooks.example.com/'),
      address: '93.184.215.14',
      family: 4,
    });
    const single = await new Promise((resolve) =>
      lookup('rebound.example.com', {}, (_error, address, family) => resolve([address, family])),
    );
    expect(single).toEqual(['93.184.215.14', 4]);
    const all = await new Promise((resolve) =>
      lookup('rebound.example.com', { all: true }, (_error, addresses) => resolve(addresses)),
    );
    expect(all).toEqual([{ address: '93.184.215.14', family: 4 }]);
  });
});
