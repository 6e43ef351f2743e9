// @vitest-environment jsdom
/**
 * The "Not confirmed" box (./NotConfirmedBox.tsx, which ./index.tsx renders in every MDX page): what
 * partners see is the label and the statement with what to do, anchored by its id so that other pages
 * and the specifications link to it; the reason the docs team gave (`because`) stays in the source and
 * in website/NOT-CONFIRMED.md, never on the page.
 */
import {cleanup, render, screen} from '@testing-library/react';
import {afterEach, describe, expect, it} from 'vitest';
import NotConfirmedBox from './NotConfirmedBox';

afterEach(cleanup);

describe('the Not confirmed box', () => {
  it('is a note labelled "Not confirmed", holding the statement and what to do, at its anchor', () => {
    const {container} = render(
      <NotConfirmedBox id="price-range-unit" because="The service gives `minValue` no unit.">
        <p>The values are in whole units of the currency. Check them against the prices you get back.</p>
      </NotConfirmedBox>,
    );
    const note = screen.getByRole('note', {name: 'Not confirmed'});
    expect(note.id).toBe('price-range-unit');
    expect(container.querySelector('#price-range-unit')).toBe(note);
    expect(note.textContent).toBe(
      'Not confirmedThe values are in whole units of the currency. Check them against the prices you get back.',
    );
  });

  it('never shows the reason, nor the word the docs team uses for it', () => {
    render(
      <NotConfirmedBox id="wrong-method" because="What the service answers to a wrong method is not published.">
        The service answers a wrong method with an error.
      </NotConfirmedBox>,
    );
    const note = screen.getByRole('note', {name: 'Not confirmed'});
    expect(note.textContent).not.toContain('not published');
    expect(note.textContent).not.toMatch(/Why|because|Assumption/i);
  });
});
