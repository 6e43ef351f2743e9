import {useDeferredValue, useState} from 'react';

/**
 * Whether a menu has been opened at least once, from the render after it first opened, and from then on.
 * The value turns true in a render of its own at a transition's priority (`useDeferredValue`): the render
 * that opens the menu does not wait for its content, which follows as soon as it is drawn.
 */
export function useOpenedOnce(shown: boolean): boolean {
  const [opened, setOpened] = useState(shown);
  // Set while rendering (React's pattern for state derived from a prop): no render with it stale is committed.
  if (shown && !opened) setOpened(true);
  return useDeferredValue(opened);
}
