import {describe, expect, it} from 'vitest';
import {DEFAULT_HOST, DEFAULT_PORT, parseOptions} from './node';

describe('the Node entry', () => {
  it('serves on 127.0.0.1:4010 unless --port and --host say otherwise', () => {
    expect(parseOptions([])).toMatchObject({port: DEFAULT_PORT, host: DEFAULT_HOST});
    expect(DEFAULT_PORT).toBe(4010);
    expect(parseOptions(['--port', '4011', '--host', '0.0.0.0', '--secret', 's'])).toEqual({
      port: 4011,
      host: '0.0.0.0',
      secret: 's',
      strict: false,
    });
    expect(parseOptions(['--strict'])).toMatchObject({strict: true});
  });

  it('refuses a port that is not one, and unknown flags', () => {
    expect(() => parseOptions(['--port', 'http'])).toThrow('--port must be a port number');
    expect(() => parseOptions(['--verbose'])).toThrow();
  });
});
