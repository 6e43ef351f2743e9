// @vitest-environment jsdom
import {cleanup, render, screen} from '@testing-library/react';
import {afterEach, describe, expect, it} from 'vitest';
import Assumption from '.';

afterEach(cleanup);

describe('Assumption', () => {
  it('is a note named "Assumption" holding what is assumed and why', () => {
    render(
      <Assumption because="The reference gives `minValue` no unit.">
        <p>The values are in whole units of the currency.</p>
      </Assumption>,
    );
    const note = screen.getByRole('note', {name: 'Assumption'});
    expect(note.textContent).toBe(
      'AssumptionThe values are in whole units of the currency.Why: The reference gives minValue no unit.',
    );
    expect(note.querySelector('code')?.textContent).toBe('minValue');
  });

  it('leaves out the reason when none is given', () => {
    render(<Assumption>The service answers a wrong method with an error.</Assumption>);
    expect(screen.getByRole('note', {name: 'Assumption'}).textContent).toBe(
      'AssumptionThe service answers a wrong method with an error.',
    );
  });
});
