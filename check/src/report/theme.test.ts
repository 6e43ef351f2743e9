import {describe, expect, it} from 'vitest';
import {fixtureReport, fixtureRules} from './report.fixture';
import {reportHtml, timelineHtml} from './html';
import {withColourMode} from './theme';

describe('withColourMode', () => {
  const report = fixtureReport();
  for (const html of [reportHtml(report, fixtureRules), timelineHtml(report.runs[0], 'Timeline')]) {
    it('makes the dark colours always apply in dark mode, and never in light mode', () => {
      expect(html).toContain('@media (prefers-color-scheme:dark)');
      const dark = withColourMode(html, 'dark');
      expect(dark).not.toContain('prefers-color-scheme');
      expect(dark).toContain('@media all{');
      expect(dark).toContain('color-scheme:dark');
      const light = withColourMode(html, 'light');
      expect(light).toContain('@media not all{');
      expect(light).toContain('color-scheme:light;');
      // Only the stylesheet changes
      expect(light.replace(/<style>[\s\S]*<\/style>/, '')).toBe(html.replace(/<style>[\s\S]*<\/style>/, ''));
    });
  }
});
