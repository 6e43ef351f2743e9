// @vitest-environment jsdom
/**
 * The disclosure (./index.tsx): a native `<details>`, closed until the reader opens it, its summary the
 * control they open it with, its content the page's own markup.
 */
import {cleanup, render, screen} from '@testing-library/react';
import {afterEach, describe, expect, it} from 'vitest';
import Disclosure from '.';

afterEach(cleanup);

describe('the disclosure', () => {
  it('is a closed details element whose summary first, its content after it (the browser opens it: e2e/behaviour.spec.ts)', () => {
    const {container} = render(
      <Disclosure summary="The other 2 changes, by operation">
        <ul>
          <li>one</li>
          <li>two</li>
        </ul>
      </Disclosure>,
    );
    const details = container.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.firstElementChild).toBe(screen.getByText('The other 2 changes, by operation'));
    expect(details.firstElementChild!.tagName).toBe('SUMMARY');
    expect(details.querySelectorAll('li')).toHaveLength(2);
  });
});
