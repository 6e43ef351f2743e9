// @vitest-environment jsdom
import {act, renderHook} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import {useOpenedOnce} from './openedOnce';

describe('useOpenedOnce (the phone menu draws its lists from its first opening)', () => {
  it('is false while the menu has never been opened', () => {
    const {result, rerender} = renderHook(({shown}) => useOpenedOnce(shown), {initialProps: {shown: false}});
    expect(result.current).toBe(false);
    rerender({shown: false});
    expect(result.current).toBe(false);
  });

  it('turns true once the menu opens, and stays true after it closes', async () => {
    const {result, rerender} = renderHook(({shown}) => useOpenedOnce(shown), {initialProps: {shown: false}});
    await act(async () => rerender({shown: true}));
    expect(result.current).toBe(true);
    await act(async () => rerender({shown: false}));
    expect(result.current).toBe(true);
  });

  it('is true from the start for a menu drawn open', () => {
    const {result} = renderHook(() => useOpenedOnce(true));
    expect(result.current).toBe(true);
  });
});
