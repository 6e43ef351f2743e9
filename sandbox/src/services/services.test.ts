import {operations} from '@portal/specs';
import {describe, expect, it} from 'vitest';
import {bundles} from '../testing.fixture';
import {handlers, handlersByApi} from './index';

describe('the services', () => {
  it('are one module per API of the specs, each answering exactly its operations', () => {
    expect(Object.keys(handlersByApi).sort()).toEqual([...bundles.keys()].sort());
    for (const [slug, doc] of bundles) {
      const ids = operations(slug, doc).map((operation) => operation.operationId);
      expect(ids.length, slug).toBeGreaterThan(0);
      expect(Object.keys(handlersByApi[slug]).sort(), slug).toEqual(ids.sort());
    }
  });

  it('answer every operation by its operationId, once', () => {
    const all = [...bundles].flatMap(([slug, doc]) => operations(slug, doc).map((operation) => operation.operationId));
    expect(Object.keys(handlers).sort()).toEqual(all.sort());
  });
});
