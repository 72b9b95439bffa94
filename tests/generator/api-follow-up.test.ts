import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postDeployHook } from '../../site/features/generator/server/deploy-hook.ts';
import { createPublishFollowUp } from '../../site/features/generator/server/publish-follow-up.ts';
import { startScriptedServer } from '../support/scripted-server.ts';

/** After publishing: one rebuild for publishes close together, the deploy hook, and failures that only log. */

interface Hook {
  url: string;
  calls: Array<{ method: string; path: string }>;
  reply: { status: number; delayMs: number };
  close(): Promise<void>;
}

async function startHook(): Promise<Hook> {
  const reply = { status: 201, delayMs: 0 };
  const server = await startScriptedServer(() => ({ status: reply.status, delayMs: reply.delayMs, body: {} }));
  return {
    url: `${new URL(server.url).origin}/hooks/deploy/s3cret-hook-id`,
    get calls() {
      return server.requests.map(({ method, url }) => ({ method, path: url }));
    },
    reply,
    close: server.close,
  };
}

let hook: Hook;
beforeAll(async () => {
  hook = await startHook();
});
afterAll(async () => {
  await hook.close();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('publish follow-up', () => {
  it('gathers publishes close together into one rebuild, then logs how long it took', async () => {
    const lines: string[] = [];
    let rebuilds = 0;
    const followUp = createPublishFollowUp({ rebuild: async () => void rebuilds++, log: (line) => lines.push(line), quietMs: 60 });
    for (let i = 0; i < 4; i++) {
      followUp.published();
      await wait(20);
    }
    await followUp.settled();
    expect(rebuilds).toBe(1);
    expect(lines[0]).toBe('Rebuilding the store for 4 new products...');
    expect(lines[1]).toMatch(/^Store rebuilt in \d+\.\d s: the new products are live\.$/);
    followUp.published();
    await followUp.settled();
    expect(rebuilds).toBe(2);
    expect(lines[2]).toBe('Rebuilding the store for 1 new product...');
  });

  it('does not wait for a quiet moment forever: a steady stream of publishes still rebuilds', async () => {
    let rebuilds = 0;
    const followUp = createPublishFollowUp({ rebuild: async () => void rebuilds++, log: () => {}, quietMs: 80, maxWaitMs: 150 });
    for (let i = 0; i < 8; i++) {
      followUp.published();
      await wait(40);
    }
    expect(rebuilds).toBeGreaterThanOrEqual(1);
    await followUp.settled();
    followUp.close();
  });

  it('a failed rebuild is logged, never thrown: the publish has happened and the current build keeps serving', async () => {
    const lines: string[] = [];
    const followUp = createPublishFollowUp({
      rebuild: () => Promise.reject(new Error('The site build failed: Could not load the catalogue')),
      log: (line) => lines.push(line),
      quietMs: 10,
    });
    followUp.published();
    await followUp.settled();
    expect(lines.at(-1)).toBe(
      'The store could not be rebuilt after publishing (The site build failed: Could not load the catalogue); the current build keeps serving, and the next publish tries again.',
    );
  });

  it('POSTs the deploy hook once per follow-up, and never logs its secret URL', async () => {
    const lines: string[] = [];
    const followUp = createPublishFollowUp({ deployHookUrl: hook.url, log: (line) => lines.push(line), quietMs: 10 });
    followUp.published();
    followUp.published();
    await followUp.settled();
    expect(hook.calls).toEqual([{ method: 'POST', path: '/hooks/deploy/s3cret-hook-id' }]);
    expect(lines).toEqual(['Deploy hook called (DEPLOY_HOOK_URL): the hosting platform is rebuilding the site.']);
  });

  it('a deploy hook that fails, times out or cannot be reached is logged without its URL', async () => {
    hook.reply.status = 500;
    await expect(postDeployHook(hook.url)).rejects.toThrow('the deploy hook answered HTTP 500');
    hook.reply.status = 200;
    hook.reply.delayMs = 500;
    await expect(postDeployHook(hook.url, { timeoutMs: 100 })).rejects.toThrow('the deploy hook did not answer within 100 ms');
    hook.reply.delayMs = 0;
    const closed = await startHook();
    await closed.close();
    await expect(postDeployHook(closed.url)).rejects.toThrow(/^the deploy hook could not be reached \(ECONNREFUSED\)$/);

    const lines: string[] = [];
    hook.reply.status = 404;
    const followUp = createPublishFollowUp({ deployHookUrl: hook.url, log: (line) => lines.push(line), quietMs: 10 });
    followUp.published();
    await followUp.settled();
    expect(lines).toEqual([
      'The deploy hook (DEPLOY_HOOK_URL) failed: the deploy hook answered HTTP 404. The products are published; rebuild the site by hand.',
    ]);
    expect(lines.join('\n')).not.toContain('s3cret');
  });
});
