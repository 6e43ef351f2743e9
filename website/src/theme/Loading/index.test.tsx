// @vitest-environment jsdom
import {cleanup, fireEvent, render, screen} from '@testing-library/react';
import {afterEach, describe, expect, it, vi} from 'vitest';
import Loading from '.';

afterEach(cleanup);

describe('Loading (route code loading)', () => {
  it('shows the error text and a Retry button that retries', () => {
    const retry = vi.fn();
    render(
      <Loading error={new Error('Loading chunk 42 failed.')} retry={retry} pastDelay timedOut={false} isLoading />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Error: Loading chunk 42 failed.');
    fireEvent.click(screen.getByRole('button', {name: 'Retry'}));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner once the delay has passed, and nothing before', () => {
    const {rerender} = render(
      <Loading error={null} retry={() => undefined} pastDelay={false} timedOut={false} isLoading />,
    );
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<Loading error={null} retry={() => undefined} pastDelay timedOut={false} isLoading />);
    expect(screen.getByRole('status').textContent).toContain('Loading');
  });
});
