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

  it('takes the site origin that makes error help links absolute, and refuses one that is not an origin', () => {
    expect(parseOptions(['--site-url', 'https://developers.example.com'])).toMatchObject({
      siteUrl: 'https://developers.example.com',
    });
    expect(() => parseOptions(['--site-url', 'developers.example.com/docs'])).toThrow('--site-url must be an origin');
  });

  it('refuses a port that is not one, and unknown flags', () => {
    expect(() => parseOptions(['--port', 'http'])).toThrow('--port must be a port number');
    expect(() => parseOptions(['--verbose'])).toThrow();
  });
});
