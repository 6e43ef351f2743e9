/**
 * For the hosted check's tests (./hosted.test.ts): a Durable Object's storage in memory (values copied in and
 * out as the platform's structured clone does, the alarm kept to be fired by the test) and a set of runs
 * reached by id, as the Worker's `CHECK_RUNS` binding reaches them, on an injected clock.
 */
import type {OpenApiDocument} from '@portal/specs';
import {generateSigningKey, signerOf, type Signer} from '../attest/keys';
import {HostedRun, type RunStorage} from './run';

export interface MemoryStorage extends RunStorage {
  readonly values: Map<string, unknown>;
  alarmAt?: number;
}

export function memoryStorage(): MemoryStorage {
  const values = new Map<string, unknown>();
  const storage: MemoryStorage = {
    values,
    get: <T>(key: string) => Promise.resolve(values.has(key) ? (structuredClone(values.get(key)) as T) : undefined),
    put: (entries) => {
      for (const [key, value] of Object.entries(entries)) values.set(key, structuredClone(value));
      return Promise.resolve();
    },
    list: <T>({prefix}: {prefix: string}) =>
      Promise.resolve(
        new Map(
          [...values]
            .filter(([key]) => key.startsWith(prefix))
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([key, value]) => [key, structuredClone(value) as T]),
        ),
      ),
    deleteAll: () => {
      values.clear();
      storage.alarmAt = undefined;
      return Promise.resolve();
    },
    setAlarm: (time) => {
      storage.alarmAt = time;
      return Promise.resolve();
    },
  };
  return storage;
}

/** Runs by id, each a HostedRun on its own memory storage; `wake(id)` makes its object afresh from its storage. */
export async function memoryRuns(options: {
  bundles: Map<string, OpenApiDocument>;
  sandbox: (request: Request) => Response | Promise<Response>;
  clock: {now: number};
}) {
  const signer: Signer = await signerOf(JSON.stringify(await generateSigningKey()));
  const storages = new Map<string, MemoryStorage>();
  const objects = new Map<string, HostedRun>();
  const make = (id: string) => {
    const storage = storages.get(id) ?? memoryStorage();
    storages.set(id, storage);
    const run = new HostedRun({
      storage,
      now: () => options.clock.now,
      bundles: options.bundles,
      sandbox: () => options.sandbox,
      signer: () => Promise.resolve(signer),
    });
    objects.set(id, run);
    return run;
  };
  return {
    signer,
    storages,
    /** The run of `id`, as the API reaches it (the Worker's stub has the same methods). */
    stub: (id: string): HostedRun => objects.get(id) ?? make(id),
    /** The object made again, as after the platform evicted it. */
    wake: (id: string) => make(id),
    /** Fires the run's alarm when it is due on the clock. */
    async fireAlarm(id: string) {
      const storage = storages.get(id)!;
      if (storage.alarmAt !== undefined && storage.alarmAt <= options.clock.now)
        await (objects.get(id) ?? make(id)).alarm();
    },
  };
}
