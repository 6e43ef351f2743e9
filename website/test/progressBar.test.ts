import nprogress from 'nprogress';
import {describe, expect, it} from 'vitest';
import {progressBarSettings} from '../src/clientModules/progressBar';

describe('route progress bar', () => {
  it('uses the seed defaults: minimum 0.08, speed 200 ms, trickle rate 0.02, trickle speed 800 ms, spinner on', () => {
    expect(progressBarSettings).toEqual({
      minimum: 0.08,
      speed: 200,
      trickleRate: 0.02,
      trickleSpeed: 800,
      showSpinner: true,
    });
    expect(nprogress.settings).toMatchObject(progressBarSettings);
  });
});
